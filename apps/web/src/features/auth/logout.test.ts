import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken, saveToken } from '../../api/token';
import { pageLoad } from '../../api/pageLoad';
import { jsonResponse } from '../../test/renderRoute';
import { logout } from './logout';

describe('logout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('revokes the session, forgets the token, alerts and reloads at /login', async () => {
    saveToken('jwt-9');
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { success: true, message: 'Logout success', code: 'logged_out' }),
    );
    const alert = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('alert', alert);
    const open = vi.spyOn(pageLoad, 'open').mockReturnValue();

    await logout();

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/logout',
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ Authorization: 'Bearer jwt-9' }),
      }),
    );
    expect(readToken()).toBeNull();
    expect(alert).toHaveBeenCalledWith('Logout success');
    expect(open).toHaveBeenCalledWith('/login');
  });

  it('still signs out locally when the network is down', async () => {
    saveToken('jwt-9');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    vi.stubGlobal('alert', vi.fn());
    vi.spyOn(pageLoad, 'open').mockReturnValue();
    await logout();
    expect(readToken()).toBeNull();
  });
});
