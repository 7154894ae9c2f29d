import { randomUUID } from 'node:crypto';
import { and, between, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { locationHistory, userLocations } from '../../db/schema/index.js';

export type LocationRow = typeof userLocations.$inferSelect;

export interface LocationReport {
  userId: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

/**
 * Overwrites the user's last location and adds a history row, in one transaction. A report
 * that follows the previous history row within `minGapSeconds` (a double tap, two open tabs)
 * only moves the last location: the trail stays small without refusing the driver.
 */
export async function saveLocation(
  db: Db,
  report: LocationReport,
  minGapSeconds: number,
): Promise<void> {
  const { userId, latitude, longitude, accuracy } = report;
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(userLocations)
      .values({ userId, latitude, longitude, accuracy, recordedAt: now })
      .onConflictDoUpdate({
        target: userLocations.userId,
        set: { latitude, longitude, accuracy, recordedAt: now },
      });
    const since = new Date(now.getTime() - minGapSeconds * 1000);
    await tx.execute(sql`
      insert into ${locationHistory} (id, user_id, latitude, longitude, accuracy, recorded_at)
      select ${randomUUID()}, ${userId}, ${latitude}, ${longitude}, ${accuracy}, ${now}
      where not exists (
        select 1 from ${locationHistory}
        where ${locationHistory.userId} = ${userId} and ${locationHistory.recordedAt} > ${since}
      )`);
  });
}

export async function lastLocation(db: Db, userId: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(userLocations).where(eq(userLocations.userId, userId));
  return row;
}

/** Last locations inside a latitude/longitude box, reported since `since`; not the user's own. */
export async function locationsInBox(
  db: Db,
  box: {
    exceptUserId: string;
    lat: [number, number];
    /** Omitted where the box would wrap the 180° meridian or reach a pole. */
    lng?: [number, number];
    since: Date;
    limit: number;
    /**
     * Where distance is measured from, with cos(latitude) to scale longitude: the nearest
     * `limit` rows are taken, not any, so a crowded area still yields the closest people.
     */
    origin: { latitude: number; longitude: number; cos: number };
  },
): Promise<LocationRow[]> {
  const { latitude, longitude, cos } = box.origin;
  return db
    .select()
    .from(userLocations)
    .where(
      and(
        ne(userLocations.userId, box.exceptUserId),
        gt(userLocations.recordedAt, box.since),
        between(userLocations.latitude, box.lat[0], box.lat[1]),
        box.lng ? between(userLocations.longitude, box.lng[0], box.lng[1]) : undefined,
      ),
    )
    .orderBy(
      sql`power(${userLocations.latitude} - ${latitude}, 2) + power((${userLocations.longitude} - ${longitude}) * ${cos}, 2)`,
    )
    .limit(box.limit);
}

export async function purgeHistory(db: Db, before: Date): Promise<void> {
  await db.delete(locationHistory).where(lt(locationHistory.recordedAt, before));
}
