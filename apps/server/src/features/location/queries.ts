import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { locationHistory, userLocations, users } from '../../db/schema/index.js';
import { cellOf } from './cells.js';

export type LocationRow = typeof userLocations.$inferSelect;

export interface LocationReport {
  userId: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  /** When the phone took it: now, or earlier for a report that waited for the network. */
  recordedAt: Date;
}

/**
 * Overwrites the user's last location and adds a history row, in one transaction. A report
 * within `minGapSeconds` of a history row (a double tap, two open tabs) only moves the last
 * location: the trail stays small without refusing the driver. A report older than the last
 * location (one that waited for the network) joins the history only.
 */
export async function saveLocation(
  db: Db,
  report: LocationReport,
  minGapSeconds: number,
): Promise<void> {
  const { userId, latitude, longitude, accuracy, recordedAt: at } = report;
  const cell = cellOf(latitude, longitude);
  await db.transaction(async (tx) => {
    await tx
      .insert(userLocations)
      .values({ userId, latitude, longitude, accuracy, cell, recordedAt: at })
      .onConflictDoUpdate({
        target: userLocations.userId,
        set: { latitude, longitude, accuracy, cell, recordedAt: at },
        setWhere: lte(userLocations.recordedAt, at),
      });
    const after = new Date(at.getTime() - minGapSeconds * 1000);
    const before = new Date(at.getTime() + minGapSeconds * 1000);
    await tx.execute(sql`
      insert into ${locationHistory} (id, user_id, latitude, longitude, accuracy, recorded_at)
      select ${randomUUID()}, ${userId}, ${latitude}, ${longitude}, ${accuracy}, ${at}
      where not exists (
        select 1 from ${locationHistory}
        where ${locationHistory.userId} = ${userId}
          and ${locationHistory.recordedAt} > ${after} and ${locationHistory.recordedAt} < ${before}
      )`);
  });
}

export async function lastLocation(db: Db, userId: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(userLocations).where(eq(userLocations.userId, userId));
  return row;
}

/**
 * Users whose fresh last location is in one of `cells`, not `exceptUserId`. The most followed
 * come first (then by id): an order that has nothing to do with distance, so the list's order
 * tells nobody who is closer.
 */
export async function userIdsInCells(
  db: Db,
  query: { cells: number[]; exceptUserId: string; since: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: userLocations.userId })
    .from(userLocations)
    .innerJoin(users, eq(users.id, userLocations.userId))
    .where(
      and(
        inArray(userLocations.cell, query.cells),
        ne(userLocations.userId, query.exceptUserId),
        gt(userLocations.recordedAt, query.since),
      ),
    )
    .orderBy(desc(users.followersCount), users.id)
    .limit(query.limit);
  return rows.map((r) => r.id);
}

export async function purgeHistory(db: Db, before: Date): Promise<void> {
  await db.delete(locationHistory).where(lt(locationHistory.recordedAt, before));
}
