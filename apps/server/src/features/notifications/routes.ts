import type { FastifyInstance } from 'fastify';
import { notificationCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import { registerStream, type StreamDeps } from '../../http/stream-route.js';
import { userChannel, type NotificationService } from './service.js';

export function notificationRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: NotificationService,
  streams: StreamDeps,
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

  registerStream(app, auth, streams, {
    call: notificationCalls.stream,
    channels: (viewer) => userChannel(viewer.user.id),
    first: async (viewer) => ({ event: 'count', data: await service.initialCount(viewer) }),
  });
}
