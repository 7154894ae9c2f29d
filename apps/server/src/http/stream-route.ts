import type { FastifyInstance } from 'fastify';
import { authenticate, type AuthDeps } from '../auth/authenticate.js';
import type { Viewer } from '../auth/viewer.js';
import type { Hub } from '../realtime/hub.js';
import { sseRegistry, streamChannel } from '../realtime/sse.js';
import { Forbidden } from './errors.js';

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
 * identifies the caller; a blocked account is refused, and a block while it listens ends it.
 */
export function registerStream(
  app: FastifyInstance,
  auth: AuthDeps,
  hub: Hub,
  stream: StreamRoute,
): void {
  const open = sseRegistry(app);
  app.get(
    stream.path,
    {
      schema: { summary: stream.summary, tags: [stream.tag], security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      const viewer = await authenticate(auth, request, { required: true, allowBlocked: false });
      if (!viewer) return;
      if (stream.admin && viewer.user.usertype !== 'admin') throw Forbidden();
      const first = stream.first;
      streamChannel(
        open,
        request,
        reply,
        hub,
        stream.channels(viewer),
        first && (() => first(viewer)),
        viewer.user.id,
      );
    },
  );
}
