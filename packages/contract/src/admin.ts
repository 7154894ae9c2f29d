import { z } from 'zod';
import { auditEntry } from './admin-audit.js';
import { defineCall } from './call.js';
import { eventStreamBody } from './common.js';

/** What needs the team's attention; the dashboard shows it and the stream keeps it current. */
export const attentionCounts = z.object({
  openReports: z.number().int(),
  openHelpRequests: z.number().int(),
  pendingDrivers: z.number().int(),
});
export type AttentionCounts = z.infer<typeof attentionCounts>;

/**
 * The admin console's EventSource stream (`adminCalls.stream`), authenticated by the Token
 * cookie, admins only. Events: `counts` (AttentionCounts, first on connect and after every
 * change), `help_request` (a new or changed help request, see help.ts).
 */
export const adminStreamPath = '/api/v1/admin/stream';

export const adminEventNames = ['counts', 'help_request'] as const;
export type AdminEventName = (typeof adminEventNames)[number];

export const adminCalls = {
  dashboard: defineCall({
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    summary:
      'Counts that need attention (open reports, open help requests, drivers to verify) and the latest admin actions',
    auth: 'admin',
    response: z.object({
      success: z.literal(true),
      counts: attentionCounts,
      recent: z.array(auditEntry),
    }),
  }),
  stream: defineCall({
    method: 'GET',
    path: adminStreamPath,
    summary: 'Live events for the admin console (Server-Sent Events: `counts`, `help_request`)',
    auth: 'admin',
    response: eventStreamBody,
    raw: { type: 'text/event-stream' },
    // One long request that carries live alerts: a busy shared address must not keep it shut.
    backstop: false,
  }),
};
