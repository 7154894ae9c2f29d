import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditTargetType } from '@saathi/contract';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import type { Viewer } from '../auth/viewer.js';

export interface AuditEntry {
  /** Verb in the past tense of the console, e.g. 'user.blocked', 'reports.dismissed'. */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  reason?: string | null;
  /** What changed, without personal data (no phone numbers, no document contents). */
  details?: Record<string, unknown> | null;
}

/**
 * Records one admin action. Pass the transaction that makes the change, so an action and
 * its audit entry are written together or not at all.
 */
export async function recordAudit(db: Db, actor: Viewer, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    actorId: actor.user.id,
    actorName: actor.user.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  });
}
