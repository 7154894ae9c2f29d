import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log.js';
import { announceAccessChanged } from '../../auth/account-events.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Hub } from '../../realtime/hub.js';
import type { Storage } from '../../storage/storage.js';
import type { UploadStore } from '../uploads/index.js';
import { accountFiles } from './account-files.js';
import {
  anonymiseAuditActor,
  deleteUserRow,
  dueDeletions,
  releaseCounts,
  reportOutcomes,
} from './queries.js';

export interface EraseDeps {
  db: Db;
  storage: Storage;
  uploadStore: UploadStore;
  hub: Hub;
  log: Logger;
}

/** Who the audit log names for what the system did, and for an erased admin's past actions. */
export const systemActorName = 'Saathi';
export const erasedActorName = 'Deleted account';

/**
 * Erases one account whose grace period is over. Files go first and a failure throws, so the
 * job's retry finds the rows (and so the keys) again; nobody can cancel any more (sign-in
 * refuses an account past its time), so nothing is left half-erased for good. Then, in one
 * transaction, the counts are corrected, what the law and moderation need is written to the
 * audit log without personal data, and the user row goes with everything that cascades
 * from it: sessions, posts, comments, likes, follows, notifications, help requests, locations,
 * voice notes, vault and identity documents, ID card, uploads, data downloads.
 */
export async function eraseAccount(deps: EraseDeps, userId: string): Promise<void> {
  const files = await accountFiles(deps.db, userId);
  await Promise.all(files.storage.map((key) => deps.storage.delete(key)));
  await Promise.all(files.uploads.map((key) => deps.uploadStore.remove(key)));
  const outcomes = await reportOutcomes(deps.db, userId);
  await deps.db.transaction(async (tx) => {
    await releaseCounts(tx, userId);
    await anonymiseAuditActor(tx, userId, erasedActorName);
    await tx.insert(auditLog).values({
      id: randomUUID(),
      actorId: null,
      actorName: systemActorName,
      action: 'account.erased',
      targetType: 'user',
      targetId: userId,
      reason: null,
      details: {
        files: files.storage.length + files.uploads.length,
        reportsAgainst: outcomes.against,
        reportsMade: outcomes.made,
      },
    });
    await deleteUserRow(tx, userId);
  });
  // The sessions went with the row; the streams still open on them end now, in every process.
  await announceAccessChanged(deps.hub, userId).catch((err: unknown) =>
    deps.log.error({ err }, 'announcing an erased account failed'),
  );
}

/** Erases every account past its grace period; one failure does not hold up the others. */
export async function eraseDueAccounts(deps: EraseDeps, now = new Date()): Promise<number> {
  let erased = 0;
  let failed: unknown;
  for (const userId of await dueDeletions(deps.db, now, 50)) {
    try {
      await eraseAccount(deps, userId);
      erased += 1;
    } catch (err) {
      deps.log.error({ err, userId }, 'account erasure failed');
      failed = err;
    }
  }
  // Thrown after the others had their turn, so the job is retried for the one that failed.
  if (failed) throw failed;
  return erased;
}
