import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoad } from '../api/pageLoad';
import { reloadOnStaleBuild } from './reloadOnStaleBuild';

describe('reloadOnStaleBuild', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reloads once when a chunk of an older release is gone, not again within a minute', () => {
    const reload = vi.spyOn(pageLoad, 'reload').mockReturnValue();
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

  it('does not reload offline, where a reload could only show the offline page', () => {
    const reload = vi.spyOn(pageLoad, 'reload').mockReturnValue();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.sessionStorage.clear();
    reloadOnStaleBuild(window.sessionStorage);

    const offline = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(offline);
    expect(reload).not.toHaveBeenCalled();
    expect(offline.defaultPrevented).toBe(false);
  });
});
