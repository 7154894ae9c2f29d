import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export async function setRemindSalah(db: Db, userId: string, on: boolean): Promise<void> {
  await db
    .update(users)
    .set({ remindSalah: on, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** One page of the ids of users who asked for the reminder (blocked accounts excluded). */
export async function reminderUserIds(
  db: Db,
  page: { after?: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.remindSalah, true),
        isNull(users.blockedAt),
        page.after ? gt(users.id, page.after) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(page.limit);
  return rows.map((r) => r.id);
}
