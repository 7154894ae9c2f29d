import { and, desc, eq, gt, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { follows, posts, users } from '../../db/schema/index.js';
import {
  authorColumns,
  profileColumns,
  type AuthorRow,
  type ProfileRow,
} from '../../db/user-columns.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { prepared, preparedText } from '../../db/prepared.js';

/** Read by every profile and follow call: built once (db/prepared.ts), as isFollowing. */
const activeUserQuery = prepared((db) =>
  db
    .select(profileColumns)
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.blockedAt)))
    .limit(1)
    .prepare('find_active_user'),
);

export async function findActiveUser(db: Db, userId: string): Promise<ProfileRow | undefined> {
  const rows = await activeUserQuery(db).execute({ userId });
  return rows[0];
}

/**
 * A follow in one round trip: the followee must be active (not blocked, as findActiveUser);
 * the row is added if absent and, when it was new, both users' counters move in the same
 * statement, so the counts always equal the rows however many people tap at once, and the
 * followee is told (dedupe_key: follow, unfollow, follow again notifies once). The two user
 * rows are locked in id order, after the follow row as before: A following B while B follows
 * A locked them in opposite orders and PostgreSQL aborted one with a deadlock (a 500).
 */
export const ADD_FOLLOW_SQL = `with target as (
  select id from users where id = $2::uuid and blocked_at is null
), added as (
  insert into follows (follower_id, followee_id) select $1::uuid, id from target
  on conflict do nothing returning followee_id
), locked as (
  select id from users where id in ($1::uuid, $2::uuid) and exists (select from added)
  order by id for no key update
), counted as (
  update users set followers_count = followers_count + (id = $2::uuid)::int,
    following_count = following_count + (id = $1::uuid)::int
  where id in (select id from locked)
  returning id
), notified as (
  insert into notifications (id, user_id, kind, actor_id, link, dedupe_key)
  select $3::uuid, followee_id, 'follow', $1::uuid, $4::text, $5::text from added
  on conflict do nothing returning id
)
select (select id from notified) from target`;

/** An unfollow in one round trip, the counters moving with the row as in ADD_FOLLOW_SQL. */
export const REMOVE_FOLLOW_SQL = `with target as (
  select id from users where id = $2::uuid and blocked_at is null
), removed as (
  delete from follows where follower_id = $1::uuid and followee_id in (select id from target)
  returning followee_id
), locked as (
  select id from users where id in ($1::uuid, $2::uuid) and exists (select from removed)
  order by id for no key update
), counted as (
  update users set followers_count = greatest(followers_count - (id = $2::uuid)::int, 0),
    following_count = greatest(following_count - (id = $1::uuid)::int, 0)
  where id in (select id from locked)
  returning id
)
select from target`;

const addFollowQuery = preparedText(
  'add_follow',
  ADD_FOLLOW_SQL,
  ['followerId', 'followeeId', 'notificationId', 'link', 'dedupeKey'],
  (r) => ({ notificationId: r[0] as string | null }),
);
const removeFollowQuery = preparedText(
  'remove_follow',
  REMOVE_FOLLOW_SQL,
  ['followerId', 'followeeId'],
  () => ({}),
);

/**
 * Answers undefined, writing nothing, when the followee is missing or blocked; else the id of
 * the notification this follow made, if it made one.
 */
export async function addFollow(
  db: Db,
  input: {
    followerId: string;
    followeeId: string;
    notificationId: string;
    link: string;
    dedupeKey: string;
  },
): Promise<{ notificationId: string | null } | undefined> {
  const [row] = await addFollowQuery(db).execute(input);
  return row;
}

/** Answers false, writing nothing, when the followee is missing or blocked. */
export async function removeFollow(
  db: Db,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const rows = await removeFollowQuery(db).execute({ followerId, followeeId });
  return rows.length > 0;
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
): Promise<{ person: AuthorRow; at: string }[]> {
  const mine = side === 'followers' ? follows.followeeId : follows.followerId;
  const theirs = side === 'followers' ? follows.followerId : follows.followeeId;
  return db
    .select({ person: authorColumns, at: exactTime(follows.createdAt) })
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
): Promise<ProfileRow[]> {
  const mine = alias(follows, 'mine');
  const rows = await db
    .select({ user: profileColumns, shared: sql<number>`count(*)::int` })
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
export async function activePosters(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<ProfileRow[]> {
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  const rows = await db
    .select({ user: profileColumns })
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

export async function newestMembers(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<ProfileRow[]> {
  return db
    .select(profileColumns)
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
): Promise<ProfileRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select(profileColumns)
    .from(users)
    .where(and(inArray(users.id, [...userIds]), candidate(viewerId)));
  const rank = new Map(userIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
}
