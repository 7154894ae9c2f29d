import type { FastifyInstance } from 'fastify';
import { notificationCalls, notificationStreamPath } from '@saathi/contract';
import { authenticate, type AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { Hub } from '../../realtime/hub.js';
import { sseRegistry, streamChannel } from '../../realtime/sse.js';
import { userChannel, type NotificationService } from './service.js';

export function notificationRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: NotificationService,
  hub: Hub,
): void {
  registerCall(app, auth, notificationCalls.list, ({ viewer, query }) =>
    service.list(viewer, query),
  );
  registerCall(app, auth, notificationCalls.markRead, ({ viewer, params }) =>
    service.markRead(viewer, params.id),
  );
  registerCall(app, auth, notificationCalls.markAllRead, ({ viewer }) =>
    service.markAllRead(viewer),
  );
  registerCall(app, auth, notificationCalls.pushKey, () => service.pushKey());
  registerCall(app, auth, notificationCalls.subscribe, ({ viewer, body }) =>
    service.subscribe(viewer, body),
  );
  registerCall(app, auth, notificationCalls.unsubscribe, ({ viewer, body }) =>
    service.unsubscribe(viewer, body.endpoint),
  );

  const open = sseRegistry(app);
  app.get(
    notificationStreamPath,
    {
      schema: {
        summary: 'Live notifications (Server-Sent Events: `notification` and `count` events)',
        tags: ['notifications'],
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      // EventSource cannot set headers: the Token cookie identifies the caller.
      const viewer = await authenticate(auth, request, { required: true, allowBlocked: false });
      if (!viewer) return;
      streamChannel(open, request, reply, hub, userChannel(viewer.user.id), async () => ({
        event: 'count',
        data: await service.initialCount(viewer),
      }));
    },
  );
}
