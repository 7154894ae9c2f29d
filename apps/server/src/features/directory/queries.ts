import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses, safetyCautions } from '../../db/schema/index.js';

export type BusinessRow = typeof businesses.$inferSelect;
export type SafetyCautionRow = typeof safetyCautions.$inferSelect;
type BusinessFields = Omit<typeof businesses.$inferInsert, 'id' | 'createdAt'>;

/** Every business whatever its status: the screen shows inactive ones with their badge. */
export async function listBusinesses(db: Db): Promise<BusinessRow[]> {
  return db.select().from(businesses).orderBy(asc(businesses.position), asc(businesses.name));
}

export async function insertBusiness(
  db: Db,
  row: BusinessFields & { id: string },
): Promise<BusinessRow> {
  const [created] = await db.insert(businesses).values(row).returning();
  if (!created) throw new Error('business not inserted');
  return created;
}

export async function findBusiness(db: Db, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

export async function updateBusiness(
  db: Db,
  id: string,
  fields: BusinessFields,
): Promise<BusinessRow | undefined> {
  const [row] = await db.update(businesses).set(fields).where(eq(businesses.id, id)).returning();
  return row;
}

export async function deleteBusiness(db: Db, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db.delete(businesses).where(eq(businesses.id, id)).returning();
  return row;
}

/** The public page: only cautions whose media is ready, newest first. */
export async function latestSafetyCautions(db: Db, limit: number): Promise<SafetyCautionRow[]> {
  return db
    .select()
    .from(safetyCautions)
    .where(eq(safetyCautions.status, 'ready'))
    .orderBy(desc(safetyCautions.createdAt), desc(safetyCautions.id))
    .limit(limit);
}

/** The console: every state, newest first. */
export async function allSafetyCautions(db: Db, limit: number): Promise<SafetyCautionRow[]> {
  return db
    .select()
    .from(safetyCautions)
    .orderBy(desc(safetyCautions.createdAt), desc(safetyCautions.id))
    .limit(limit);
}

export async function insertCaution(
  db: Db,
  row: typeof safetyCautions.$inferInsert,
): Promise<SafetyCautionRow> {
  const [created] = await db.insert(safetyCautions).values(row).returning();
  if (!created) throw new Error('safety caution not inserted');
  return created;
}

export async function findCaution(db: Db, id: string): Promise<SafetyCautionRow | undefined> {
  const [row] = await db.select().from(safetyCautions).where(eq(safetyCautions.id, id));
  return row;
}

export async function updateCautionNote(
  db: Db,
  id: string,
  note: string,
): Promise<SafetyCautionRow | undefined> {
  const [row] = await db
    .update(safetyCautions)
    .set({ note })
    .where(eq(safetyCautions.id, id))
    .returning();
  return row;
}

export async function deleteCaution(db: Db, id: string): Promise<SafetyCautionRow | undefined> {
  const [row] = await db.delete(safetyCautions).where(eq(safetyCautions.id, id)).returning();
  return row;
}

/**
 * One update points the caution at its processed files, makes it 'ready' and forgets the
 * raw uploads; false when it was deleted (or already finished) while the worker ran.
 */
export async function markCautionReady(
  db: Db,
  id: string,
  media: { imageKey: string | null; videoKey: string | null },
): Promise<boolean> {
  const rows = await db
    .update(safetyCautions)
    .set({
      ...media,
      status: 'ready',
      failureReason: null,
      rawImageKey: null,
      rawVideoKey: null,
    })
    .where(and(eq(safetyCautions.id, id), eq(safetyCautions.status, 'processing')))
    .returning({ id: safetyCautions.id });
  return rows.length > 0;
}

export async function markCautionFailed(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(safetyCautions)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(safetyCautions.id, id), eq(safetyCautions.status, 'processing')));
}
