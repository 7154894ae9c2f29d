import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identityDocuments, users } from '../../db/schema/index.js';
import type { Storage } from '../../storage/storage.js';

const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

/**
 * Identity images are kept only as long as verification needs them (DPDP: purpose limitation):
 * `days` after the team's decision the files are erased and the rows say when. The account
 * keeps its verified (or rejected) status. A file that cannot be deleted keeps its row as it
 * was, so the next run tries again. Answers how many images were erased.
 */
export async function eraseDecidedIdentityImages(
  deps: { db: Db; storage: Storage },
  days: number,
  now = new Date(),
): Promise<number> {
  const decidedBefore = new Date(now.getTime() - days * DAY_MS);
  let erased = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: identityDocuments.id, key: identityDocuments.storageKey })
      .from(identityDocuments)
      .innerJoin(users, eq(users.id, identityDocuments.userId))
      .where(
        and(
          isNull(identityDocuments.erasedAt),
          inArray(users.verification, ['verified', 'rejected']),
          lte(users.verificationDecidedAt, decidedBefore),
        ),
      )
      .limit(BATCH);
    await Promise.all(due.map((d) => deps.storage.delete(d.key)));
    if (due.length > 0) {
      await deps.db
        .update(identityDocuments)
        .set({ erasedAt: now })
        .where(
          inArray(
            identityDocuments.id,
            due.map((d) => d.id),
          ),
        );
    }
    erased += due.length;
    if (due.length < BATCH) return erased;
  }
}
