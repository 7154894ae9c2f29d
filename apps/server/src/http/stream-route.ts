import type { FastifyInstance } from 'fastify';
import { accountChannel } from '../auth/account-events.js';
import type { Call } from '@saathi/contract';
import type { AuthDeps } from '../auth/authenticate.js';
import { sessionState } from '../auth/session-state.js';
import type { Viewer } from '../auth/viewer.js';
import type { Hub } from '../realtime/hub.js';
import { sseRegistry, streamChannel } from '../realtime/sse.js';
import type { StreamAccess, StreamTiming } from '../realtime/stream-guard.js';
import { registerCall } from './register-call.js';

/** What every live stream needs: the hub it listens on, and how long it may go unchecked. */
export interface StreamDeps {
  hub: Hub;
  timing: StreamTiming;
}

export interface StreamRoute {
  /** The contract's stream call: its path, its guard (a signed-in caller, or admins only). */
  call: Call & { raw: { type: 'text/event-stream' }; auth: 'user' | 'admin' };
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
  const admin = stream.call.auth === 'admin';
  registerCall(app, auth, stream.call, async ({ request, reply, viewer }) => {
    const check = async (): Promise<StreamAccess> => {
      const session = await sessionState(auth.db, viewer.sessionId, viewer.user.id);
      if (session.state !== 'live') return session.state;
      return admin && session.user.usertype !== 'admin' ? 'ended' : 'live';
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
    return reply;
  });
}
