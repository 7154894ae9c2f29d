import type { FastifyInstance } from 'fastify';
import { adminCalls, adminStreamPath, auditCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import { registerStream, type StreamDeps } from '../../http/stream-route.js';
import { adminChannel, attentionCounts } from './attention.js';
import { auditPage, recentAudit } from './audit-log.js';

const DASHBOARD_RECENT = 8;

export function adminRoutes(app: FastifyInstance, auth: AuthDeps, streams: StreamDeps): void {
  registerCall(app, auth, adminCalls.dashboard, async () => {
    const [counts, recent] = await Promise.all([
      attentionCounts(auth.db),
      recentAudit(auth.db, DASHBOARD_RECENT),
    ]);
    return { success: true as const, counts, recent };
  });
  registerCall(app, auth, auditCalls.list, ({ query }) => {
    const { cursor, ...filter } = query;
    return auditPage(auth.db, filter, cursor);
  });

  registerStream(app, auth, streams, {
    path: adminStreamPath,
    summary: 'Live events for the admin console (Server-Sent Events: `counts`, `help_request`)',
    tag: 'admin',
    admin: true,
    channels: () => adminChannel,
    first: async () => ({ event: 'counts', data: await attentionCounts(auth.db) }),
  });
}
