import type { FastifyBaseLogger } from 'fastify';
import { accountLimits, said } from '@saathi/contract';
import { announceAccessChanged } from '../../auth/account-events.js';
import { verifyPassword } from '../../auth/passwords.js';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Conflict, Forbidden, TooMany } from '../../http/errors.js';
import type { Hub } from '../../realtime/hub.js';
import {
  cancelDeletion,
  otherStayingAdmins,
  revokeOtherSessions,
  scheduleDeletion,
} from './queries.js';

/** Wrong passwords allowed per window: the same pace as the vault's. */
const PASSWORD_TRIES = 5;
const TRIES_WINDOW_SECONDS = 15 * 60;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Delete my account (DPDP Act 2023): the owner confirms with their password, the account is
 * erased after a grace period (erase.ts) unless they sign in again before it ends.
 */
export function createDeletionService(deps: {
  db: Db;
  limiter: RateLimiter;
  hub: Hub;
  log: FastifyBaseLogger;
}) {
  const { db } = deps;

  return {
    async request(viewer: Viewer, password: string) {
      const wait = await deps.limiter.hit(
        `deletion:user:${viewer.user.id}`,
        PASSWORD_TRIES,
        TRIES_WINDOW_SECONDS,
      );
      if (wait > 0) throw TooMany(wait);
      if (!(await verifyPassword(viewer.user.passwordHash, password))) {
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
