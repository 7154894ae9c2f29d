import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { notifications, posts, pushSubscriptions, users } from '../../db/schema/index.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { prepared } from '../../db/prepared.js';
import { authorColumnsOf, type AuthorRow } from '../../db/user-columns.js';

export type NotificationRow = typeof notifications.$inferSelect;
export interface NotificationWithRefs {
  notification: NotificationRow;
  actor: AuthorRow | null;
  posterKey: string | null;
  /** created_at with its microseconds, for the next page's cursor. */
  at: string;
}

const actors = alias(users, 'actors');

/** Every column the prepared insert below writes, each named (null when unused). */
type NewNotification = Required<
  Pick<
    typeof notifications.$inferInsert,
    'id' | 'userId' | 'kind' | 'actorId' | 'postId' | 'notice' | 'text' | 'link' | 'dedupeKey'
  >
>;

/** Every like, comment and follow may write one: built once (db/prepared.ts). */
const insertQuery = prepared((db) =>
  db
    .insert(notifications)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      actorId: sql.placeholder('actorId'),
      postId: sql.placeholder('postId'),
      notice: sql.placeholder('notice'),
      text: sql.placeholder('text'),
      link: sql.placeholder('link'),
      dedupeKey: sql.placeholder('dedupeKey'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('insert_notification'),
);

/** Answers the row, or undefined when the same dedupe key already notified this user. */
export async function insertNotification(
  db: Db,
  row: NewNotification,
): Promise<NotificationRow | undefined> {
  const inserted = await insertQuery(db).execute(row);
  return inserted[0];
}

/**
 * The list's statement for each shape (one row by id, first page, after a cursor), and the
 * unread count, built once (db/prepared.ts): every list and every new notification reads them.
 */
const pageQuery = (byId: boolean, paged: boolean) =>
  prepared((db) =>
    db
      .select({
        notification: notifications,
        actor: authorColumnsOf(actors),
        posterKey: posts.posterKey,
        at: exactTime(notifications.createdAt),
      })
      .from(notifications)
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .leftJoin(posts, eq(posts.id, notifications.postId))
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          byId ? eq(notifications.id, sql.placeholder('id')) : undefined,
          paged
            ? afterCursor(notifications.createdAt, notifications.id, {
                createdAt: sql.placeholder('at'),
                id: sql.placeholder('after'),
              })
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(`notification_page${byId ? '_one' : ''}${paged ? '_after' : ''}`),
  );
const pageQueries = [
  [pageQuery(false, false), pageQuery(false, true)],
  [pageQuery(true, false), pageQuery(true, true)],
] as const;

export async function notificationPage(
  db: Db,
  userId: string,
  opts: { cursor?: Cursor; limit: number; id?: string },
): Promise<NotificationWithRefs[]> {
  const { cursor } = opts;
  return pageQueries[opts.id ? 1 : 0][cursor ? 1 : 0](db).execute({
    userId,
    id: opts.id,
    at: cursor?.createdAt,
    after: cursor?.id,
    limit: opts.limit,
  });
}

const unreadQuery = prepared((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('unread_count'),
);

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await unreadQuery(db).execute({ userId });
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
