import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from './hub.js';
import { guardStream, type StreamGuard } from './stream-guard.js';

const HEARTBEAT_MS = 25_000;

/**
 * Streams a hub channel to one client as Server-Sent Events. A comment line every 25 s
 * keeps mobile carriers' proxies from closing an idle connection; the browser's
 * EventSource reconnects by itself (after `retry` ms) when the network drops.
 */
export function streamChannel(
  open: Set<ServerResponse>,
  request: FastifyRequest,
  reply: FastifyReply,
  hub: Hub,
  /** One channel, or several streamed together (e.g. everyone's events and the caller's own). */
  channel: string | readonly string[],
  /** Sent once the channel is joined, so nothing raised meanwhile falls between the two. */
  first: (() => Promise<{ event: string; data: unknown }>) | undefined,
  /**
   * Ends the stream once the caller loses the right to it (a block, a revoked session, a lost
   * role: its last event says so for a block), so nothing reaches a phone that may no longer
   * read it; and after a maximum life, when the client reconnects and is checked afresh.
   */
  guard: StreamGuard,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const send = (event: string, data: unknown) => {
    if (res.writableEnded) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  res.write('retry: 5000\n\n');
  const subscriptions = (typeof channel === 'string' ? [channel] : channel).map((c) =>
    hub.subscribe(c, send),
  );
  const guarded = guardStream(hub, guard, { send, end: () => res.end() });
  subscriptions.push(guarded.subscription);
  const unsubscribe = () => subscriptions.forEach((s) => s.leave());
  if (first) {
    // Read only once every channel is joined: an event raised before that would be in
    // neither the first event nor the stream.
    void Promise.all(subscriptions.map((s) => s.joined))
      .then(first)
      .then(
        (event) => send(event.event, event.data),
        () => res.end(),
      );
  }
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  open.add(res);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    guarded.stop();
    unsubscribe();
    open.delete(res);
  };
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);
}

/**
 * Open streams never end by themselves: close them when the app stops, or shutdown hangs.
 * preClose, not onClose: onClose runs only after the server has waited for every open
 * connection, and a stream is one, so app.close() waited for the browsers forever.
 */
export function sseRegistry(app: FastifyInstance): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });
  return open;
}
