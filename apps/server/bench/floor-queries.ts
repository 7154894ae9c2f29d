// The floor's statements: the same ones the app sends for each hot call, in the same round
// trips (read from the queries.ts files they copy, named beside each), as plain SQL text built
// once. When an app query changes, change its twin here; the bench compares the answers. The
// writes' hand-written statements are the app's own text, imported.
import { createRequire } from 'node:module';
import { getTableColumns, type Column, type Table } from 'drizzle-orm';
import { comments, notifications } from '../src/db/schema/index.js';
import { shownPostColumns, type ShownPost } from '../src/features/feed/post-columns.js';
import type { PostExtras, ShownImage } from '../src/features/feed/post-extras.js';
import {
  authorColumns,
  profileColumns,
  sessionUserColumns,
  type AuthorRow,
  type ProfileRow,
  type SessionUser,
} from '../src/db/user-columns.js';
import type { NotificationRow } from '../src/features/notifications/queries.js';
import {
  ADD_COMMENT_SQL,
  readAddedComment,
  type CommentRow,
  type NewComment,
} from '../src/features/feed/comments.queries.js';
import { readToggleRow, TOGGLE_LIKE_SQL } from '../src/features/feed/likes.queries.js';
import { ADD_FOLLOW_SQL, REMOVE_FOLLOW_SQL } from '../src/features/follows/queries.js';
import type { Query } from './floor-db.js';

/** Columns as drizzle selects them, and the row object drizzle would map them to. */
function columnsOf<Row>(selected: Record<string, Column>, alias: string) {
  const columns = Object.entries(selected);
  return {
    list: columns.map(([, c]) => `${alias}."${c.name}"`).join(', '),
    width: columns.length,
    row(values: unknown[], from = 0): Row {
      const row: Record<string, unknown> = {};
      columns.forEach(([key, c], i) => {
        const v = values[from + i];
        row[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
      });
      return row as Row;
    },
  };
}

const table = <Row>(t: Table, alias: string) => columnsOf<Row>(getTableColumns(t), alias);

const P = columnsOf<ShownPost>(shownPostColumns, 'p');
/** The user columns of each read, as db/user-columns.ts gives them to the app's. */
const S = columnsOf<SessionUser>(sessionUserColumns, 'u');
const U = columnsOf<AuthorRow>(authorColumns, 'u');
const A = columnsOf<AuthorRow>(authorColumns, 'a');
const Pr = columnsOf<ProfileRow>(profileColumns, 'u');
const C = table<CommentRow>(comments, 'c');
const N = table<NotificationRow>(notifications, 'n');

const exactTime = (col: string) =>
  `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const visible = `p.status = 'ready' and p.removed_at is null and u.blocked_at is null`;

/** auth/sessions.ts findSession. */
export async function findSession(q: Query, sessionId: string, userId: string) {
  const [r] = await q(
    `select ${S.list}, s.revoked_at, s.expires_at from sessions s inner join users u on u.id = s.user_id
     where s.id = $1 and s.user_id = $2 limit $3`,
    [sessionId, userId, 1],
    'find_session',
  );
  if (!r) return null;
  return {
    user: S.row(r),
    revokedAt: r[S.width] as Date | null,
    expiresAt: r[S.width + 1] as Date,
  };
}

export interface PostWithAuthor {
  post: ShownPost;
  author: AuthorRow;
}
/** feed/post-extras.ts extrasFields, the viewer's id the parameter `viewer` names. */
const extras = (viewer: string) =>
  `coalesce((select json_agg(json_build_object('key', i.key, 'width', i.width, 'height', i.height, 'position', i.position))
     from post_images i where i.post_id = p.id), '[]'::json),
   exists (select 1 from likes l where l.post_id = p.id and l.user_id = ${viewer}::uuid),
   (select count(*)::int from comments c inner join users cu on cu.id = c.user_id
     where c.post_id = p.id and cu.blocked_at is not null)`;
const withExtras = (r: unknown[]): PostWithAuthor & PostExtras & { cursorAt: string } => {
  const at = P.width + U.width;
  return {
    post: P.row(r),
    author: U.row(r, P.width),
    images: r[at] as ShownImage[],
    likedByMe: r[at + 1] as boolean,
    hiddenComments: r[at + 2] as number,
    cursorAt: r[at + 3] as string,
  };
};

/** feed/posts.queries.ts feedPage. */
export async function feedPage(
  q: Query,
  opts: {
    cursor?: { createdAt: string; id: string };
    limit: number;
    emergencyOnly: boolean;
    viewerId: string | undefined;
  },
) {
  const values: unknown[] = [opts.viewerId ?? null];
  let where = visible;
  if (opts.emergencyOnly) where += ` and p.emergency = true`;
  if (opts.cursor) {
    values.push(opts.cursor.createdAt, opts.cursor.id);
    where += ` and (p.created_at, p.id) < ($2::timestamptz, $3::uuid)`;
  }
  values.push(opts.limit);
  const rows = await q(
    `select ${P.list}, ${U.list}, ${extras('$1')}, ${exactTime('p.created_at')} from posts p
     inner join users u on u.id = p.user_id where ${where}
     order by p.created_at desc, p.id desc limit $${values.length}`,
    values,
    `feed_page${opts.emergencyOnly ? '_emergency' : ''}${opts.cursor ? '_after' : ''}`,
  );
  return rows.map(withExtras);
}

/** feed/posts.queries.ts findVisiblePost. */
export async function findVisiblePost(q: Query, postId: string) {
  const [r] = await q(
    `select ${P.list}, ${U.list} from posts p inner join users u on u.id = p.user_id
     where p.id = $1 and ${visible} limit $2`,
    [postId, 1],
    'find_visible_post',
  );
  return r ? { post: P.row(r), author: U.row(r, P.width) } : undefined;
}

/** feed/posts.queries.ts postsOfUser (readyOnly) and countReadyPosts. */
export async function postsOfUser(q: Query, userId: string, limit: number, viewerId: string) {
  const rows = await q(
    `select ${P.list}, ${U.list}, ${extras('$3')}, '' from posts p
     inner join users u on u.id = p.user_id
     where p.user_id = $1 and p.removed_at is null and p.status = 'ready'
     order by p.created_at desc, p.id desc limit $2`,
    [userId, limit, viewerId],
    'user_posts_ready',
  );
  return rows.map(withExtras);
}
export async function countReadyPosts(q: Query, userId: string): Promise<number> {
  const [r] = await q(
    `select count(*)::int from posts p where p.user_id = $1 and p.status = 'ready' and p.removed_at is null`,
    [userId],
    'ready_posts_count',
  );
  return (r?.[0] as number) ?? 0;
}

/** feed/likes.queries.ts toggleLike: the app's statement, rerun as the app does. */
export async function toggleLike(
  q: Query,
  l: { postId: string; userId: string; notificationId: string; link: string; dedupeKey: string },
) {
  for (;;) {
    const [r] = await q(
      TOGGLE_LIKE_SQL,
      [l.postId, l.userId, l.notificationId, l.link, l.dedupeKey],
      'toggle_like',
    );
    if (!r) return undefined;
    const read = readToggleRow(r);
    if (read.changed) return read.toggle;
  }
}

/** feed/comments.queries.ts addComment. */
export async function addComment(q: Query, c: NewComment) {
  const [r] = await q(
    ADD_COMMENT_SQL,
    [c.id, c.postId, c.userId, c.body, c.notificationId, c.excerpt, c.link, c.dedupeKey],
    'add_comment',
  );
  return r && readAddedComment(r);
}

/** feed/comments.queries.ts hiddenCommentCounts, for one post. */
export async function hiddenCommentCount(q: Query, postId: string): Promise<number> {
  const [r] = await q(
    `select c.post_id, count(*)::int from comments c inner join users u on u.id = c.user_id
     where c.post_id = any($1::uuid[]) and u.blocked_at is not null group by c.post_id`,
    [[postId]],
    'hidden_comment_counts',
  );
  return (r?.[1] as number | undefined) ?? 0;
}

/** feed/comments.queries.ts commentsPage. */
export async function commentsPage(q: Query, postId: string, limit: number) {
  const rows = await q(
    `select ${C.list}, ${U.list}, ${exactTime('c.created_at')} from comments c
     inner join users u on u.id = c.user_id where c.post_id = $1 and u.blocked_at is null
     order by c.created_at desc, c.id desc limit $2`,
    [postId, limit],
    'comments_page',
  );
  return rows.map((r) => ({
    comment: C.row(r),
    author: U.row(r, C.width),
    cursorAt: r[C.width + U.width] as string,
  }));
}

/** follows/queries.ts findActiveUser, isFollowing, addFollow and removeFollow. */
export async function findActiveUser(q: Query, userId: string) {
  const [r] = await q(
    `select ${Pr.list} from users u where u.id = $1 and u.blocked_at is null limit $2`,
    [userId, 1],
    'find_active_user',
  );
  return r ? Pr.row(r) : undefined;
}
export async function isFollowing(q: Query, followerId: string, followeeId: string) {
  const rows = await q(
    `select 1 from follows where follower_id = $1 and followee_id = $2 limit $3`,
    [followerId, followeeId, 1],
    'is_following',
  );
  return rows.length > 0;
}
export async function addFollow(
  q: Query,
  f: {
    followerId: string;
    followeeId: string;
    notificationId: string;
    link: string;
    dedupeKey: string;
  },
) {
  const [r] = await q(
    ADD_FOLLOW_SQL,
    [f.followerId, f.followeeId, f.notificationId, f.link, f.dedupeKey],
    'add_follow',
  );
  return r && { notificationId: r[0] as string | null };
}
export async function removeFollow(q: Query, followerId: string, followeeId: string) {
  const rows = await q(REMOVE_FOLLOW_SQL, [followerId, followeeId], 'remove_follow');
  return rows.length > 0;
}

/** notifications/queries.ts notificationPage and unreadCount. */
export async function notificationPage(q: Query, userId: string, limit: number, id?: string) {
  const rows = await q(
    `select ${N.list}, ${A.list}, p.poster_key, ${exactTime('n.created_at')} from notifications n
     left join users a on a.id = n.actor_id left join posts p on p.id = n.post_id
     where n.user_id = $1${id ? ' and n.id = $3' : ''} order by n.created_at desc, n.id desc limit $2`,
    id ? [userId, limit, id] : [userId, limit],
    id ? 'notification_page_one' : 'notification_page',
  );
  return rows.map((r) => ({
    notification: N.row(r),
    actor: r[N.width] === null ? null : A.row(r, N.width),
    posterKey: r[N.width + A.width] as string | null,
    at: r[N.width + A.width + 1] as string,
  }));
}
export async function unreadCount(q: Query, userId: string): Promise<number> {
  const [r] = await q(
    `select count(*)::int from notifications where user_id = $1 and read_at is null`,
    [userId],
    'unread_count',
  );
  return (r?.[0] as number) ?? 0;
}

// pg-boss's own statement for send(), so the floor queues push jobs exactly as the app does.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  insertJob(schema: string): string;
};
const insertJob = plans.insertJob('pgboss');

/**
 * notifications/service.ts deliver(): the new row again with its refs and the unread count for
 * the live stream (the bench's hub is in memory), and the push job, at once.
 */
export async function deliver(q: Query, n: { userId: string; id: string }): Promise<void> {
  await Promise.all([
    notificationPage(q, n.userId, 1, n.id),
    unreadCount(q, n.userId),
    q(insertJob, [
      null,
      'notification.push',
      JSON.stringify({ userId: n.userId, notificationId: n.id }),
      null,
      null,
      null,
      null,
      0,
      null,
      900,
      null,
      null,
      null,
      2,
      null,
      5,
      null,
      true,
      null,
    ]),
  ]);
}
