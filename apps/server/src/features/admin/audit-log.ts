import { and, desc, eq, sql } from 'drizzle-orm';
import { auditPageSize, type AuditEntryView } from '@saathi/contract';
import { afterCursor, decodeCursor, encodeCursor, exactTime } from '../../db/cursor.js';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
}

async function auditRows(db: Db, filter: AuditFilter, cursor: string | undefined, limit: number) {
  const after = decodeCursor(cursor);
  // The target id is cast, not users.id, so each name is a primary-key lookup; the CASE casts
  // only user targets (other targets' ids need not be uuids).
  const targetUser = sql`(case when ${auditLog.targetType} = 'user' then ${auditLog.targetId}::uuid end)`;
  return db
    .select({ entry: auditLog, at: exactTime(auditLog.createdAt), targetName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, targetUser))
    .where(
      and(
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
        filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
        after ? afterCursor(auditLog.createdAt, auditLog.id, after) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

function present({ entry, targetName }: AuditRow): AuditEntryView {
  return {
    _id: entry.id,
    actor: { _id: entry.actorId, name: entry.actorName },
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: targetName ?? null,
    reason: entry.reason,
    details:
      entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details)
        ? (entry.details as Record<string, unknown>)
        : null,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** The newest entries, for the dashboard. */
export async function recentAudit(db: Db, limit: number): Promise<AuditEntryView[]> {
  return (await auditRows(db, {}, undefined, limit)).map(present);
}

export async function auditPage(db: Db, filter: AuditFilter, cursor: string | undefined) {
  const [rows, actions] = await Promise.all([
    auditRows(db, filter, cursor, auditPageSize + 1),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  const page = rows.slice(0, auditPageSize);
  const last = page.at(-1);
  return {
    success: true as const,
    entries: page.map(present),
    nextCursor:
      rows.length > auditPageSize && last
        ? encodeCursor({ createdAt: last.at, id: last.entry.id })
        : null,
    actions: actions.map((a) => a.action),
  };
}
