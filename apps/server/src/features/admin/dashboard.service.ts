import type { Db } from '../../db/client.js';
import { attentionCounts } from '../../console/attention.js';
import { auditPage, recentAudit, type AuditFilter } from './audit-log.js';

const DASHBOARD_RECENT = 8;

/** The console's first screen, its live counts and the audit log's pages. */
export function createDashboardService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async dashboard() {
      const [counts, recent] = await Promise.all([
        attentionCounts(db),
        recentAudit(db, DASHBOARD_RECENT),
      ]);
      return { success: true as const, counts, recent };
    },

    counts: () => attentionCounts(db),

    audit(query: AuditFilter & { cursor?: string }) {
      const { cursor, ...filter } = query;
      return auditPage(db, filter, cursor);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
