import type { FastifyInstance } from 'fastify';
import { adminCalls, auditCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import { registerStream, type StreamDeps } from '../../http/stream-route.js';
import { adminChannel } from '../../console/attention.js';
import type { DashboardService } from './dashboard.service.js';

export function adminRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  streams: StreamDeps,
  service: DashboardService,
): void {
  registerCall(app, auth, adminCalls.dashboard, () => service.dashboard());
  registerCall(app, auth, auditCalls.list, ({ query }) => service.audit(query));

  registerStream(app, auth, streams, {
    call: adminCalls.stream,
    channels: () => adminChannel,
    first: async () => ({ event: 'counts', data: await service.counts() }),
  });
}
