import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** A connection silent this long (no byte either way) is closed; live streams ping every 25 s. */
const SOCKET_IDLE_MS = 120_000;
/** Above the 60 s idle timeout of common load balancers, so that they close first. */
const KEEP_ALIVE_MS = 72_000;

/**
 * How long a client may take to send its request: headers, then the whole request. Without
 * them a body trickling a byte every 5 s held its connection and files for minutes. A live
 * stream is a GET whose request is complete at once, so the request timeout never ends it.
 * Uploads have their own progress deadline (media/upload-guard.ts).
 */
export function serverTimeouts(t: Config['timeouts']): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: SOCKET_IDLE_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTimeout: t.requestMs + 2_000,
    http: {
      // Later than the uploads' own deadline (the same limit), so an upload is answered in
      // the app's words; Node's 408 then only ends other requests and stuck parses.
      requestTimeout: t.requestMs + 2_000,
      headersTimeout: t.headersMs,
      // Node checks both deadlines only this often (every 30 s by default).
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(t.headersMs / 4))),
    },
  };
}

/**
 * A reply sent before the request's body was read (a file refused by its first bytes, too many
 * uploads at once, a stalled upload) closes the connection once it is written. Kept alive, Node
 * would read and drop the rest of the body first, and a browser shows the answer only after it
 * sent every byte: a wrong file type was answered after 73 s on a phone.
 */
export function closeWhenBodyUnread(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (!request.raw.complete) void reply.header('connection', 'close');
    done();
  });
}
