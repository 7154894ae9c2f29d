import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { helpCalls } from '@saathi/contract';
import { jsonResponse } from '../test/renderRoute';
import { callTimeouts, readRetryDelayMs, request } from './client';
import { ApiError } from './errors';
import { errorText } from './errorText';

/** A link that looks up but carries nothing: the request is sent, no answer ever comes. */
function stalledFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      }),
  );
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('answered'),
    (error: unknown) => error,
  );

describe('every call has a deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up on a read after 15 s, asks once more after a pause, then says timeout', async () => {
    const fetch = stalledFetch();
    vi.stubGlobal('fetch', fetch);
    const error = failure(request(helpCalls.teamContacts, {}));
    await vi.advanceTimersByTimeAsync(callTimeouts.readMs - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + readRetryDelayMs);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(callTimeouts.readMs);
    const thrown = await error;
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).isTimeout).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(errorText(thrown, 'help:failed')).toBe(i18n.t('errors.timeout'));
  });

  it('answers a read whose second try succeeds', async () => {
    const team = { success: true, contacts: [] };
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(200, team));
    vi.stubGlobal('fetch', fetch);
    const answer = request(helpCalls.teamContacts, {});
    await vi.advanceTimersByTimeAsync(readRetryDelayMs);
    await expect(answer).resolves.toEqual(team);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never sends a write twice, and gives up on it after 30 s', async () => {
    const fetch = stalledFetch();
    vi.stubGlobal('fetch', fetch);
    const error = failure(
      request(helpCalls.send, { body: { location: 'Vapi', helpnumber: '', source: 'sos' } }),
    );
    await vi.advanceTimersByTimeAsync(callTimeouts.readMs);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(callTimeouts.writeMs - callTimeouts.readMs);
    expect((await error) as ApiError).toMatchObject({ status: 0, code: 'timeout' });
    await vi.advanceTimersByTimeAsync(callTimeouts.writeMs);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells offline, a failed network and a server refusal apart', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const error = failure(request(helpCalls.teamContacts, {}));
    await vi.advanceTimersByTimeAsync(readRetryDelayMs);
    expect(errorText(await error, 'help:failed')).toBe(i18n.t('errors.offline'));
    offline.mockReturnValue(true);
    expect(errorText(await error, 'help:failed')).toBe(i18n.t('errors.network'));
    offline.mockRestore();
    expect(
      new Set([i18n.t('errors.offline'), i18n.t('errors.network'), i18n.t('errors.timeout')]).size,
    ).toBe(3);
  });

  it('stops at once when the caller cancels, without a second try', async () => {
    const fetch = stalledFetch();
    vi.stubGlobal('fetch', fetch);
    const stop = new AbortController();
    const error = failure(request(helpCalls.teamContacts, { signal: stop.signal }));
    stop.abort();
    expect(((await error) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(callTimeouts.readMs * 2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
