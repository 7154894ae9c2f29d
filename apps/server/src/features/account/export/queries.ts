import { and, desc, eq, gt, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { dataExports, type DataExportRow } from '../../../db/schema/index.js';

export async function insertExport(db: Db, id: string, userId: string): Promise<void> {
  await db.insert(dataExports).values({ id, userId, status: 'building' });
}

/** An archive still being built since `since`; an older one is taken to have failed. */
export async function buildingExport(
  db: Db,
  userId: string,
  since: Date,
): Promise<DataExportRow | undefined> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'building'),
        gt(dataExports.createdAt, since),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function latestExport(db: Db, userId: string): Promise<DataExportRow | undefined> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return rows[0];
}

export async function findExport(db: Db, id: string): Promise<DataExportRow | undefined> {
  const rows = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return rows[0];
}

export async function markExportReady(
  db: Db,
  id: string,
  fields: { storageKey: string; bytes: number; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'ready', readyAt: new Date(), ...fields })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markExportFailed(db: Db, id: string): Promise<void> {
  await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
}

/** Archives past their time, and failed or abandoned ones older than `abandonedBefore`. */
export async function expiredExports(
  db: Db,
  now: Date,
  abandonedBefore: Date,
): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(
      or(
        lte(dataExports.expiresAt, now),
        and(lte(dataExports.createdAt, abandonedBefore), eq(dataExports.status, 'failed')),
        and(lte(dataExports.createdAt, abandonedBefore), eq(dataExports.status, 'building')),
      ),
    )
    .limit(200);
}

export async function deleteExport(db: Db, id: string): Promise<void> {
  await db.delete(dataExports).where(eq(dataExports.id, id));
}
