import type { FastifyInstance } from 'fastify';
import { moderationCalls, postCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { PostModerationService } from './service.js';

export function moderationRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: PostModerationService,
): void {
  registerCall(app, auth, moderationCalls.queue, ({ query }) => service.queue(query));
  registerCall(app, auth, moderationCalls.dismiss, ({ params, body, viewer }) =>
    service.dismiss(params.videoId, body.note, viewer),
  );
  registerCall(app, auth, moderationCalls.remove, ({ params, body, viewer }) =>
    service.remove(params.videoId, body.reason, viewer, false),
  );
  registerCall(app, auth, moderationCalls.removeAndBlock, ({ params, body, viewer }) =>
    service.remove(params.videoId, body.reason, viewer, true),
  );
  // The spec's delete call (author or admin) shares the removal path with the queue.
  registerCall(app, auth, postCalls.remove, ({ params, viewer }) =>
    service.deleteCall(params.videoId, viewer),
  );
}
