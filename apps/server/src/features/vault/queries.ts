import { and, asc, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalDocuments, vaultUnlocks } from '../../db/schema/index.js';

export type DocumentRow = typeof personalDocuments.$inferSelect;

export async function insertUnlock(db: Db, row: typeof vaultUnlocks.$inferInsert): Promise<void> {
  await db.insert(vaultUnlocks).values(row);
}

/** Live unlock for this user and sign-in session; the session itself is checked by auth. */
export async function findUnlock(db: Db, tokenHash: string, userId: string, sessionId: string) {
  const rows = await db
    .select()
    .from(vaultUnlocks)
    .where(
      and(
        eq(vaultUnlocks.tokenHash, tokenHash),
        eq(vaultUnlocks.userId, userId),
        eq(vaultUnlocks.sessionId, sessionId),
        gt(vaultUnlocks.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function purgeUnlocks(db: Db): Promise<void> {
  await db.delete(vaultUnlocks).where(lte(vaultUnlocks.expiresAt, new Date()));
}

export function documentsOf(db: Db, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(personalDocuments)
    .where(eq(personalDocuments.userId, userId))
    .orderBy(asc(personalDocuments.createdAt));
}

export async function countDocuments(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(personalDocuments)
    .where(eq(personalDocuments.userId, userId));
  return row?.n ?? 0;
}

export async function findDocument(db: Db, docId: string): Promise<DocumentRow | undefined> {
  const rows = await db
    .select()
    .from(personalDocuments)
    .where(eq(personalDocuments.id, docId))
    .limit(1);
  return rows[0];
}

export async function insertDocument(
  db: Db,
  row: typeof personalDocuments.$inferInsert,
): Promise<DocumentRow> {
  const [inserted] = await db.insert(personalDocuments).values(row).returning();
  if (!inserted) throw new Error('document not inserted');
  return inserted;
}

export async function deleteDocument(
  db: Db,
  docId: string,
  userId: string,
): Promise<DocumentRow | undefined> {
  const rows = await db
    .delete(personalDocuments)
    .where(and(eq(personalDocuments.id, docId), eq(personalDocuments.userId, userId)))
    .returning();
  return rows[0];
}

/** Documents whose paper expires within `days` and whose owner was not told yet. */
export function documentsExpiringWithin(db: Db, days: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(personalDocuments)
    .where(
      and(
        isNull(personalDocuments.expiryNotifiedAt),
        lte(personalDocuments.expiresOn, sql`(current_date + ${days}::int)`),
      ),
    )
    .limit(500);
}

export async function markExpiryNotified(db: Db, docId: string): Promise<void> {
  await db
    .update(personalDocuments)
    .set({ expiryNotifiedAt: new Date() })
    .where(eq(personalDocuments.id, docId));
}
