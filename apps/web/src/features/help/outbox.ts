import { useSyncExternalStore } from 'react';
import { helpCalls, type HelpRequestInput } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { outboxAll, outboxDelete, outboxPut } from '../../api/outboxDb';

/**
 * Help and SOS requests that could not be confirmed wait here, on the phone, with the key
 * the phone made for them (clientRequestId), until the network returns: on `online`, at
 * app start, and by Background Sync in the service worker (public/outbox-sw.js). The server
 * answers a key it knows with the request it made, so sending again never adds a second.
 */

export interface QueuedHelp {
  /** The clientRequestId, also the IndexedDB key. */
  id: string;
  body: HelpRequestInput & { clientRequestId: string };
  queuedAt: number;
}

/** A queued request as the screens show it: `sending` while one try waits for its answer. */
export interface WaitingHelp extends QueuedHelp {
  sending: boolean;
}

export type HelpOutcome =
  | { kind: 'sent'; requestId: string }
  /** The server answered no (a 4xx): nothing will be sent again. */
  | { kind: 'refused'; error: ApiError }
  /** No answer: kept, and sent again when the network returns. */
  | { kind: 'waiting' }
  | { kind: 'cancelled' };

/** The service worker's Background Sync tag (public/outbox-sw.js). */
export const helpSyncTag = 'saathi-help-outbox';
/** While requests wait on a link that says it is up, they are tried again this often. */
export const helpRetryIntervalMs = 30_000;
/** A request this old helps nobody any more: it is dropped rather than sent. */
export const helpOutboxMaxAgeMs = 24 * 3600 * 1000;

let entries: readonly QueuedHelp[] = [];
let view: readonly WaitingHelp[] = [];
const listeners = new Set<() => void>();
const inFlight = new Map<string, { outcome: Promise<HelpOutcome>; stop: AbortController }>();
let flushing: Promise<void> | null = null;
let flushAgain = false;

function publish(next: readonly QueuedHelp[] = entries): void {
  entries = [...next].sort((a, b) => a.queuedAt - b.queuedAt);
  view = entries.map((e) => ({ ...e, sending: inFlight.has(e.id) }));
  for (const listener of listeners) listener();
}

/** Reads the store again (the service worker may have sent some meanwhile). */
export async function reloadHelpOutbox(): Promise<readonly QueuedHelp[]> {
  publish(await outboxAll<QueuedHelp>('help'));
  return entries;
}

async function drop(id: string): Promise<void> {
  await outboxDelete('help', id).catch(() => undefined);
  publish(entries.filter((e) => e.id !== id));
}

interface SyncRegistration {
  sync: { register(tag: string): Promise<void> };
}

/** Where the browser has Background Sync, the worker sends the queue even with the app closed. */
function askForSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      'sync' in registration
        ? (registration as unknown as SyncRegistration).sync.register(helpSyncTag)
        : undefined,
    )
    .catch(() => undefined);
}

/** One send of a queued request at a time, whoever asks (a flush, the screen, a retry). */
function deliver(entry: QueuedHelp): Promise<HelpOutcome> {
  const running = inFlight.get(entry.id);
  if (running) return running.outcome;
  const stop = new AbortController();
  const outcome = (async (): Promise<HelpOutcome> => {
    try {
      const answer = await request(helpCalls.send, { body: entry.body, signal: stop.signal });
      await drop(entry.id);
      return { kind: 'sent', requestId: answer.id };
    } catch (error) {
      if (stop.signal.aborted) return { kind: 'cancelled' };
      // A server that answered no will answer no again; a 5xx or no answer may pass later.
      if (error instanceof ApiError && !error.isNetwork && error.status < 500) {
        await drop(entry.id);
        return { kind: 'refused', error };
      }
      return { kind: 'waiting' };
    } finally {
      inFlight.delete(entry.id);
      publish();
    }
  })();
  inFlight.set(entry.id, { outcome, stop });
  publish();
  return outcome;
}

/**
 * Keeps the request on the phone first (a closed tab or a reload loses nothing), then sends
 * it; offline it is only kept, for the next flush.
 */
export async function sendHelp(body: HelpRequestInput): Promise<HelpOutcome> {
  const id = crypto.randomUUID();
  const entry: QueuedHelp = { id, body: { ...body, clientRequestId: id }, queuedAt: Date.now() };
  // Without storage (a private window may refuse it) the request is still sent, only not kept.
  await outboxPut('help', entry).catch(() => undefined);
  publish([...entries.filter((e) => e.id !== id), entry]);
  askForSync();
  if (!navigator.onLine) return { kind: 'waiting' };
  return deliver(entry);
}

/** The driver no longer wants it sent (it may have arrived already if it was on its way). */
export async function cancelHelp(id: string): Promise<void> {
  inFlight.get(id)?.stop.abort();
  await drop(id);
}

/** Sends what waits, oldest first, and stops at the first that gets no answer. */
export function flushHelpOutbox(): Promise<void> {
  // Asked again while one runs (the network came back meanwhile): one more round after it.
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      do {
        flushAgain = false;
        await sendWaiting();
      } while (flushAgain);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function sendWaiting(): Promise<void> {
  if (!navigator.onLine) return;
  for (const entry of await reloadHelpOutbox()) {
    if (Date.now() - entry.queuedAt > helpOutboxMaxAgeMs) {
      await drop(entry.id);
      continue;
    }
    if ((await deliver(entry)).kind === 'waiting') break;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The requests waiting for the network, oldest first. */
export function useHelpOutbox(): readonly WaitingHelp[] {
  return useSyncExternalStore(
    subscribe,
    () => view,
    () => view,
  );
}

/**
 * From the signed-in layout: sends what waits now, whenever the network returns, every 30 s
 * while some wait, and reads the store again when the service worker sent some itself.
 */
export function startHelpOutbox(): () => void {
  const flush = () => void flushHelpOutbox().catch(() => undefined);
  const fromWorker = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === helpSyncTag) {
      void reloadHelpOutbox().catch(() => undefined);
    }
  };
  flush();
  window.addEventListener('online', flush);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  // A stalled link never goes 'offline', so no 'online' comes either: try again now and then.
  const retry = window.setInterval(() => {
    if (entries.length > 0) flush();
  }, helpRetryIntervalMs);
  return () => {
    window.clearInterval(retry);
    window.removeEventListener('online', flush);
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
  };
}
