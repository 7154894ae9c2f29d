import { and, desc, eq, gt, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { follows, posts, users, type UserRow } from '../../db/schema/index.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { prepared } from '../../db/prepared.js';

/** Read by every profile and follow call: built once (db/prepared.ts), as isFollowing. */
const activeUserQuery = prepared((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.blockedAt)))
    .limit(1)
    .prepare('find_active_user'),
);

export async function findActiveUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const rows = await activeUserQuery(db).execute({ userId });
  return rows[0];
}

/**
 * Moves the followee's followers_count and the follower's following_count by `delta`. The
 * two rows are locked in id order: A following B while B follows A locked them in opposite
 * orders and PostgreSQL aborted one of the two with a deadlock (a 500 for the user).
 */
async function moveCounters(tx: Tx, followerId: string, followeeId: string, delta: 1 | -1) {
  const step = (column: PgColumn) =>
    delta > 0 ? sql`${column} + 1` : sql`greatest(${column} - 1, 0)`;
  const updates = [
    { id: followeeId, set: { followersCount: step(users.followersCount) } },
    { id: followerId, set: { followingCount: step(users.followingCount) } },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const u of updates) await tx.update(users).set(u.set).where(eq(users.id, u.id));
}

/**
 * Adds the follow if absent and moves both counters in the same transaction, so the
 * counts always equal the rows however many people tap at once. Answers whether it was new.
 */
export async function addFollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(follows)
      .values({ followerId, followeeId })
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId });
    if (added.length === 0) return false;
    await moveCounters(tx, followerId, followeeId, 1);
    return true;
  });
}

export async function removeFollow(
  db: Db,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ followerId: follows.followerId });
    if (removed.length === 0) return false;
    await moveCounters(tx, followerId, followeeId, -1);
    return true;
  });
}

const isFollowingQuery = prepared((db) =>
  db
    .select({ one: sql`1` })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, sql.placeholder('followerId')),
        eq(follows.followeeId, sql.placeholder('followeeId')),
      ),
    )
    .limit(1)
    .prepare('is_following'),
);

export async function isFollowing(
  db: Db,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await isFollowingQuery(db).execute({ followerId, followeeId });
  return rows.length > 0;
}

/** One page of a user's followers (side 'followers') or of whom they follow ('following'). */
export async function followPage(
  db: Db,
  userId: string,
  side: 'followers' | 'following',
  opts: { cursor?: Cursor; limit: number },
): Promise<{ person: UserRow; at: string }[]> {
  const mine = side === 'followers' ? follows.followeeId : follows.followerId;
  const theirs = side === 'followers' ? follows.followerId : follows.followeeId;
  return db
    .select({ person: users, at: exactTime(follows.createdAt) })
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(
      and(
        eq(mine, userId),
        isNull(users.blockedAt),
        opts.cursor ? afterCursor(follows.createdAt, theirs, opts.cursor) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(theirs))
    .limit(opts.limit);
}

const notFollowedBy = (viewerId: string) =>
  notExists(
    sql`(select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${users.id})`,
  );

const candidate = (viewerId: string) =>
  and(ne(users.id, viewerId), isNull(users.blockedAt), notFollowedBy(viewerId));

/** People followed by the people the viewer follows, most shared first. */
export async function friendsOfFriends(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<UserRow[]> {
  const mine = alias(follows, 'mine');
  const rows = await db
    .select({ user: users, shared: sql<number>`count(*)::int` })
    .from(mine)
    .innerJoin(follows, eq(follows.followerId, mine.followeeId))
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(and(eq(mine.followerId, viewerId), candidate(viewerId)))
    .groupBy(users.id)
    .orderBy(desc(sql`count(*)`), desc(users.followersCount))
    .limit(limit);
  return rows.map((r) => r.user);
}

/** Who posted most in the last 30 days. */
export async function activePosters(db: Db, viewerId: string, limit: number): Promise<UserRow[]> {
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  const rows = await db
    .select({ user: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        eq(posts.status, 'ready'),
        isNull(posts.removedAt),
        gt(posts.createdAt, since),
        candidate(viewerId),
      ),
    )
    .groupBy(users.id)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
  return rows.map((r) => r.user);
}

export async function newestMembers(db: Db, viewerId: string, limit: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(candidate(viewerId))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** The given people the viewer could follow, in the order given. */
export async function candidatesAmong(
  db: Db,
  viewerId: string,
  userIds: readonly string[],
): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...userIds]), candidate(viewerId)));
  const rank = new Map(userIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}
