import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './reloadOnStaleBuild';

describe('reloadOnStaleBuild', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reloads once when a chunk of an older release is gone, not again within a minute', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    reloadOnStaleBuild(window.sessionStorage);
    window.sessionStorage.clear();

    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });
});
