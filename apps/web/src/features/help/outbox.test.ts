import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpRequestInput } from '@saathi/contract';
import { outboxAll, outboxDelete } from '../../api/outboxDb';
import { jsonResponse } from '../../test/renderRoute';
import {
  cancelHelp,
  flushHelpOutbox,
  reloadHelpOutbox,
  sendHelp,
  startHelpOutbox,
  type QueuedHelp,
} from './outbox';

const sos: HelpRequestInput = {
  location: 'Vapi, Gujarat (20.389300, 72.910600)',
  latitude: 20.3893,
  longitude: 72.9106,
  helpnumber: '+91 90000 20001',
  contactName: 'Support Team',
  source: 'sos',
};
const answer = (id = '5b0c4c5e-8f0e-4a57-9d0c-3f3c2b1a0e9d') =>
  jsonResponse(200, { success: true, message: 'Request sent to Admin', code: 'help_sent', id });

const stored = () => outboxAll<QueuedHelp>('help');
const sentBodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as object);

let online: ReturnType<typeof vi.spyOn>;
let stop: (() => void) | undefined;

beforeEach(() => {
  online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(async () => {
  stop?.();
  stop = undefined;
  await flushHelpOutbox().catch(() => undefined);
  for (const entry of await stored()) await outboxDelete('help', entry.id);
  await reloadHelpOutbox();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the help outbox', () => {
  it('keeps a request made offline on the phone, with its own key, and sends nothing', async () => {
    online.mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await sendHelp(sos)).toEqual({ kind: 'waiting' });
    const [entry] = await stored();
    expect(entry?.body).toEqual({ ...sos, clientRequestId: entry?.id });
    expect(entry?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends it once when the network returns, then forgets it', async () => {
    online.mockReturnValue(false);
    await sendHelp(sos);
    const [entry] = await stored();
    const fetch = vi.fn(() => Promise.resolve(answer()));
    vi.stubGlobal('fetch', fetch);
    stop = startHelpOutbox();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
    expect(sentBodies(fetch)).toEqual([{ ...sos, clientRequestId: entry?.id }]);
  });

  it('sends nothing twice while a flush is already running', async () => {
    online.mockReturnValue(false);
    await sendHelp(sos);
    online.mockReturnValue(true);
    let release: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetch);
    const first = flushHelpOutbox();
    const second = flushHelpOutbox();
    window.dispatchEvent(new Event('online'));
    stop = startHelpOutbox();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    release(answer());
    await Promise.all([first, second]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await stored()).toEqual([]);
  });

  it('keeps one that got no answer, as possibly delivered, and sends it again with the same key', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await sendHelp(sos)).toEqual({ kind: 'waiting' });
    const [entry] = await stored();
    const fetch = vi.fn(() => Promise.resolve(answer()));
    vi.stubGlobal('fetch', fetch);
    await flushHelpOutbox();
    expect(sentBodies(fetch)).toEqual([{ ...sos, clientRequestId: entry?.id }]);
  });

  it('cancels: a waiting request is forgotten and never sent', async () => {
    online.mockReturnValue(false);
    await sendHelp(sos);
    const [entry] = await stored();
    await cancelHelp(entry?.id ?? '');
    expect(await stored()).toEqual([]);
    expect(await reloadHelpOutbox()).toEqual([]);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    online.mockReturnValue(true);
    await flushHelpOutbox();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops one the server refused, keeps one a 5xx failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(400, { success: false, message: 'Choose a valid phone number' }),
        ),
      ),
    );
    expect((await sendHelp(sos)).kind).toBe('refused');
    expect(await stored()).toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(503, { success: false }))),
    );
    expect((await sendHelp(sos)).kind).toBe('waiting');
    expect(await stored()).toHaveLength(1);
  });
});
