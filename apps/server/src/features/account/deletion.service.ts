import type { Logger } from '../../log.js';
import { accountLimits, said } from '@saathi/contract';
import { announceAccessChanged } from '../../auth/account-events.js';
import { isAccountPassword } from '../../auth/password-check.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Conflict, Forbidden } from '../../http/errors.js';
import type { Hub } from '../../realtime/hub.js';
import {
  cancelDeletion,
  otherStayingAdmins,
  revokeOtherSessions,
  scheduleDeletion,
} from './queries.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Delete my account (DPDP Act 2023): the owner confirms with their password, the account is
 * erased after a grace period (erase.ts) unless they sign in again before it ends.
 */
export function createDeletionService(deps: { db: Db; hub: Hub; log: Logger }) {
  const { db } = deps;

  return {
    /** Its contract call limits the password's tries per user, at the vault's pace. */
    async request(viewer: Viewer, password: string) {
      if (!(await isAccountPassword(db, viewer.user.id, password))) {
        throw Forbidden('deletion_password_invalid');
      }
      const dueAt = new Date(Date.now() + accountLimits.deletionGraceDays * DAY_MS);
      await db.transaction(async (tx) => {
        // Someone must stay able to run the console; the role check and the write share a lock.
        if (
          viewer.user.usertype === 'admin' &&
          (await otherStayingAdmins(tx, viewer.user.id)) === 0
        ) {
          throw Forbidden('deletion_last_admin');
        }
        if (!(await scheduleDeletion(tx, viewer.user.id, dueAt))) {
          throw Conflict('deletion_already_scheduled');
        }
        await revokeOtherSessions(tx, viewer.user.id, viewer.sessionId);
      });
      // The other devices' live streams end now; this one stays to show the grace period.
      await announceAccessChanged(deps.hub, viewer.user.id).catch((err: unknown) =>
        deps.log.error({ err }, 'announcing the signed-out devices failed'),
      );
      return {
        success: true as const,
        ...said('deletion_scheduled'),
        deletionDueAt: dueAt.toISOString(),
      };
    },

    async cancel(viewer: Viewer) {
      if (!(await cancelDeletion(db, viewer.user.id))) throw Conflict('deletion_not_scheduled');
      return { success: true as const, ...said('deletion_cancelled') };
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
