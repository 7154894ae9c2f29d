import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userLocations, users } from '../../db/schema/index.js';
import type { LongitudeBand, Place, ReminderCandidate } from './dhuhr.js';

export async function setRemindSalah(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .update(users)
    .set({ remindSalah: on, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * One page of the users who asked for the reminder (blocked accounts excluded) whose place,
 * their last location or else `fallback`, lies in `band`; with that last location.
 */
export async function reminderCandidates(
  db: Db,
  page: { band: LongitudeBand; fallback: Place; after?: string; limit: number },
): Promise<ReminderCandidate[]> {
  const { west, east } = page.band;
  const longitude = sql`coalesce(${userLocations.longitude}, ${page.fallback.longitude})`;
  const rows = await db
    .select({
      userId: users.id,
      latitude: userLocations.latitude,
      longitude: userLocations.longitude,
    })
    .from(users)
    .leftJoin(userLocations, eq(userLocations.userId, users.id))
    .where(
      and(
        eq(users.remindSalah, true),
        isNull(users.blockedAt),
        west <= east
          ? sql`${longitude} between ${west} and ${east}`
          : sql`(${longitude} >= ${west} or ${longitude} <= ${east})`,
        page.after ? gt(users.id, page.after) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(page.limit);
  return rows.map(({ userId, latitude, longitude }) => ({
    userId,
    location: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  }));
}
