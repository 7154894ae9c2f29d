import { and, count, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { uploadLimits } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { uploads, type UploadRow } from '../../db/schema/index.js';
import { lockAuthor } from '../../db/author-lock.js';

/** Rows younger than the expiry, by the database's clock (the one that stamps created_at). */
const live = gt(
  uploads.createdAt,
  sql`now() - make_interval(hours => ${uploadLimits.expiryHours})`,
);

/** How many unfinished and finished-but-unattached uploads the user holds. */
async function heldBy(db: Db, userId: string) {
  const [row] = await db
    .select({
      unfinished: count(sql`case when ${uploads.completedAt} is null then 1 end`),
      waiting: count(uploads.completedAt),
    })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), live));
  return { unfinished: row?.unfinished ?? 0, waiting: row?.waiting ?? 0 };
}

/**
 * Writes the row unless the user is at a cap; answers which cap, if any. Under a lock on the
 * user's row, so parallel creations are counted one after another, across processes.
 */
export async function insertUploadUnlessFull(
  db: Db,
  row: typeof uploads.$inferInsert,
): Promise<'unfinished' | 'waiting' | undefined> {
  return db.transaction(async (tx) => {
    await lockAuthor(tx, row.userId);
    const held = await heldBy(tx, row.userId);
    if (held.unfinished >= uploadLimits.unfinishedMax) return 'unfinished';
    if (held.waiting >= uploadLimits.waitingMax) return 'waiting';
    await tx.insert(uploads).values(row);
    return undefined;
  });
}

/** The user's own live upload; another account's is as absent as a missing one. */
export async function findOwnUpload(
  db: Db,
  id: string,
  userId: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), live));
  return row;
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

export async function markUploadCompleted(db: Db, id: string): Promise<void> {
  await db
    .update(uploads)
    .set({ completedAt: sql`now()` })
    .where(eq(uploads.id, id));
}

export async function deleteUploadRow(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/** The user's own finished live uploads among `ids`. */
export async function finishedUploads(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...ids]),
        eq(uploads.userId, userId),
        isNotNull(uploads.completedAt),
        live,
      ),
    );
}

/**
 * Consumes the uploads in the transaction that attaches them: answers false (and removes
 * nothing that counts, the caller rolls back) when another request took one first.
 */
export async function takeUploads(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return true;
  const taken = await db
    .delete(uploads)
    .where(
      and(
        inArray(uploads.id, [...ids]),
        eq(uploads.userId, userId),
        isNotNull(uploads.completedAt),
      ),
    )
    .returning({ id: uploads.id });
  return taken.length === ids.length;
}

/** Uploads past their expiry, oldest first, a batch at a time. */
export async function expiredUploads(db: Db, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(lte(uploads.createdAt, sql`now() - make_interval(hours => ${uploadLimits.expiryHours})`))
    .orderBy(uploads.createdAt)
    .limit(limit);
}

export async function deleteUploadRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(uploads).where(inArray(uploads.id, [...ids]));
}
