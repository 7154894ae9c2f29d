import type { Logger } from '../../log.js';
import { said, type AuditAction, type MessageCode } from '@saathi/contract';
import { hashPassword } from '../../auth/passwords.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import type { AdminDetailRow } from '../../db/user-columns.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { announceAccessChanged } from '../../auth/account-events.js';
import { otherStayingAdmins } from '../account/index.js';
import { blockAccount, isBlockedLocked, unblockAccount } from '../auth/index.js';
import type { Notifier } from '../notifications/index.js';
import { insertAdminAccount, setAdminRole } from './accounts.js';
import { announceAttention } from '../../console/attention.js';
import { recordAudit, type AuditEntry } from '../../console/audit.js';
import { adminDetailOf } from './present-user.js';
import { findUser, setVerification } from './users.queries.js';

type Outcome = { outcome: 'verified'; reason?: string } | { outcome: 'rejected'; reason: string };

/**
 * What admins do to accounts: verify drivers, block, change the admin role, add admins.
 * Each change and its audit entry are written in one transaction.
 */
export function createModerationService(deps: {
  db: Db;
  hub: Hub;
  notifier: Notifier;
  log: Logger;
}) {
  const { db } = deps;

  /** After the commit the change stands: a failed hub announcement is logged, not answered. */
  async function announce(what: string, send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (err) {
      deps.log.error({ err }, `${what} failed`);
    }
  }

  async function target(userId: string): Promise<AdminDetailRow> {
    const user = await findUser(db, userId);
    if (!user) throw NotFound('user_not_found');
    return user;
  }

  /** Changes one account and writes its audit entry in the same transaction. */
  async function changeRecorded(
    viewer: Viewer,
    userId: string,
    action: AuditAction,
    reason: string | null | undefined,
    change: (tx: Db) => Promise<AuditEntry['details']>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const details = await change(tx);
      await recordAudit(tx, viewer, {
        action,
        targetType: 'user',
        targetId: userId,
        reason: reason ?? null,
        details: details ?? null,
      });
    });
  }

  async function answer(userId: string, code: MessageCode) {
    return { success: true as const, ...said(code), user: adminDetailOf(await target(userId)) };
  }

  return {
    async verify(viewer: Viewer, userId: string, body: Outcome) {
      const user = await target(userId);
      if (user.usertype !== 'driver') throw Invalid('not_a_driver');
      const reason = body.reason ?? null;
      const action = body.outcome === 'verified' ? 'driver.verified' : 'driver.rejected';
      await changeRecorded(viewer, userId, action, reason, async (tx) => {
        // No longer a driver (demoted or promoted meanwhile): nothing changes, nothing is logged.
        if (!(await setVerification(tx, userId, body.outcome, reason))) {
          throw Invalid('not_a_driver');
        }
        return { from: user.verification };
      });
      await announce('announcing attention counts', () => announceAttention(db, deps.hub));
      await deps.notifier.notify({
        userId,
        kind: 'verification',
        ...(body.outcome === 'verified'
          ? { notice: 'driver_verified' as const }
          : { notice: 'driver_rejected' as const, text: reason ?? undefined }),
        link: '/my/profile',
      });
      return answer(userId, body.outcome === 'verified' ? 'driver_verified' : 'driver_rejected');
    },

    /** Admins are not blocked directly: another admin removes the role first, on the record. */
    async block(viewer: Viewer, userId: string, reason: string) {
      if (userId === viewer.user.id) throw Forbidden('cannot_block_self');
      const user = await target(userId);
      if (user.usertype === 'admin') throw Forbidden('cannot_block_admin');
      await changeRecorded(viewer, userId, 'user.blocked', reason, async (tx) => {
        // Under the row lock: of two blocks at once (here or remove-and-block), one is recorded.
        if (await isBlockedLocked(tx, userId)) throw Conflict('already_blocked');
        await blockAccount(tx, userId, reason);
        return null;
      });
      await announce('announcing the block', () => announceAccessChanged(deps.hub, userId));
      return answer(userId, 'user_blocked');
    },

    async unblock(viewer: Viewer, userId: string, reason?: string) {
      const user = await target(userId);
      if (!user.blockedAt) throw Conflict('not_blocked');
      await changeRecorded(viewer, userId, 'user.unblocked', reason, async (tx) => {
        await unblockAccount(tx, userId);
        return { blockReason: user.blockReason };
      });
      return answer(userId, 'user_unblocked');
    },

    async promote(viewer: Viewer, userId: string, reason?: string) {
      const user = await target(userId);
      if (user.usertype === 'admin') throw Conflict('already_admin');
      if (user.blockedAt) throw Conflict('cannot_promote_blocked');
      await changeRecorded(viewer, userId, 'admin.promoted', reason, async (tx) => {
        await setAdminRole(tx, user, true);
        return { from: user.usertype };
      });
      return answer(userId, 'admin_promoted');
    },

    async demote(viewer: Viewer, userId: string, reason?: string) {
      if (userId === viewer.user.id) throw Forbidden('cannot_demote_self');
      const user = await target(userId);
      if (user.usertype !== 'admin') throw Conflict('not_admin');
      await changeRecorded(viewer, userId, 'admin.demoted', reason, async (tx) => {
        // The rule a deletion request keeps (account/deletion.service.ts), under the same lock:
        // a leaving admin, or two admins demoting each other at once, must not leave none.
        if ((await otherStayingAdmins(tx, userId)) === 0) throw Forbidden('demotion_last_admin');
        const row = await setAdminRole(tx, user, false);
        return { to: row.usertype };
      });
      // Their console stream carries SOS numbers and locations: it ends now, in every process.
      await announce('announcing the demotion', () => announceAccessChanged(deps.hub, userId));
      return answer(userId, 'admin_demoted');
    },

    async createAdmin(viewer: Viewer, body: { name: string; number: string; password: string }) {
      // Hashed before the transaction: argon2 takes a moment and must not hold it open.
      const passwordHash = await hashPassword(body.password);
      const created = await db.transaction(async (tx) => {
        const row = await insertAdminAccount(tx, {
          name: body.name,
          phone: body.number,
          passwordHash,
        });
        if (!row) throw Conflict('number_taken');
        await recordAudit(tx, viewer, {
          action: 'admin.created',
          targetType: 'user',
          targetId: row.id,
        });
        return row;
      });
      return {
        success: true as const,
        ...said('admin_created'),
        user: adminDetailOf(created),
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
