import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  notifications,
  posts,
  pushSubscriptions,
  users,
  type UserRow,
} from '../../db/schema/index.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';

export type NotificationRow = typeof notifications.$inferSelect;
export interface NotificationWithRefs {
  notification: NotificationRow;
  actor: UserRow | null;
  posterKey: string | null;
  /** created_at with its microseconds, for the next page's cursor. */
  at: string;
}

const actors = alias(users, 'actors');

/** Answers the row, or undefined when the same dedupe key already notified this user. */
export async function insertNotification(
  db: Db,
  row: typeof notifications.$inferInsert,
): Promise<NotificationRow | undefined> {
  const inserted = await db.insert(notifications).values(row).onConflictDoNothing().returning();
  return inserted[0];
}

export async function notificationPage(
  db: Db,
  userId: string,
  opts: { cursor?: Cursor; limit: number; id?: string },
): Promise<NotificationWithRefs[]> {
  const { cursor } = opts;
  return db
    .select({
      notification: notifications,
      actor: actors,
      posterKey: posts.posterKey,
      at: exactTime(notifications.createdAt),
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .where(
      and(
        eq(notifications.userId, userId),
        opts.id ? eq(notifications.id, opts.id) : undefined,
        cursor ? afterCursor(notifications.createdAt, notifications.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function upsertPushSubscription(
  db: Db,
  row: typeof pushSubscriptions.$inferInsert,
): Promise<void> {
  // One browser may change hands (sign out, sign in as someone else): the newest owner wins.
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, lang: row.lang },
    });
}

export async function deletePushSubscription(
  db: Db,
  endpoint: string,
  userId?: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        userId ? eq(pushSubscriptions.userId, userId) : undefined,
      ),
    );
}

export function pushSubscriptionsOf(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
