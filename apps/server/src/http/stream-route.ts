import type { FastifyInstance } from 'fastify';
import { accountChannel } from '../auth/account-events.js';
import { authenticate, type AuthDeps } from '../auth/authenticate.js';
import { sessionState } from '../auth/session-state.js';
import type { Viewer } from '../auth/viewer.js';
import type { Hub } from '../realtime/hub.js';
import { sseRegistry, streamChannel } from '../realtime/sse.js';
import type { StreamAccess, StreamTiming } from '../realtime/stream-guard.js';
import { Forbidden } from './errors.js';

/** What every live stream needs: the hub it listens on, and how long it may go unchecked. */
export interface StreamDeps {
  hub: Hub;
  timing: StreamTiming;
}

export interface StreamRoute {
  path: string;
  summary: string;
  tag: string;
  /** Admins only (the console's stream); everyone else is refused with 403. */
  admin?: boolean;
  channels: (viewer: Viewer) => string | readonly string[];
  /** The first event, sent once the channels are joined. */
  first?: (viewer: Viewer) => Promise<{ event: string; data: unknown }>;
}

/**
 * A signed-in Server-Sent Events stream. EventSource cannot set headers, so the Token cookie
 * identifies the caller; a blocked account is refused. The right checked at connect is
 * checked again while it listens (see guardStream): a block, a logout, a password reset or
 * the loss of the admin role ends it.
 */
export function registerStream(
  app: FastifyInstance,
  auth: AuthDeps,
  streams: StreamDeps,
  stream: StreamRoute,
): void {
  const open = sseRegistry(app);
  app.get(
    stream.path,
    {
      schema: { summary: stream.summary, tags: [stream.tag], security: [{ bearer: [] }] },
      // One long request that carries live alerts (help requests to the console): a busy
      // shared address must not keep it from opening again.
      config: { backstop: false },
    },
    async (request, reply) => {
      const viewer = await authenticate(auth, request, { required: true, allowBlocked: false });
      if (!viewer) return;
      if (stream.admin && viewer.user.usertype !== 'admin') throw Forbidden();
      const check = async (): Promise<StreamAccess> => {
        const session = await sessionState(auth.db, viewer.sessionId, viewer.user.id);
        if (session.state !== 'live') return session.state;
        return stream.admin && session.user.usertype !== 'admin' ? 'ended' : 'live';
      };
      const first = stream.first;
      streamChannel(
        open,
        request,
        reply,
        streams.hub,
        stream.channels(viewer),
        first && (() => first(viewer)),
        {
          channel: accountChannel(viewer.user.id),
          check,
          timing: streams.timing,
          log: request.log,
        },
      );
    },
  );
}
