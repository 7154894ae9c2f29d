import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, posts, users } from '../../db/schema/index.js';
import { authorColumns, type AuthorRow } from '../../db/user-columns.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { amongIds, prepared, preparedText } from '../../db/prepared.js';

export type CommentRow = typeof comments.$inferSelect;

/** The comments list's statement, first page and after a cursor, built once (db/prepared.ts). */
const commentsQuery = (paged: boolean) =>
  prepared((db) =>
    db
      .select({ comment: comments, author: authorColumns, cursorAt: exactTime(comments.createdAt) })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(
        and(
          eq(comments.postId, sql.placeholder('postId')),
          isNull(users.blockedAt),
          paged
            ? afterCursor(comments.createdAt, comments.id, {
                createdAt: sql.placeholder('at'),
                id: sql.placeholder('id'),
              })
            : undefined,
        ),
      )
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(sql.placeholder('limit'))
      .prepare(paged ? 'comments_page_after' : 'comments_page'),
  );
const commentsQueries = { first: commentsQuery(false), after: commentsQuery(true) };

export async function commentsPage(
  db: Db,
  postId: string,
  opts: { cursor?: Cursor; limit: number },
): Promise<{ comment: CommentRow; author: AuthorRow; cursorAt: string }[]> {
  const { cursor } = opts;
  const query = cursor ? commentsQueries.after : commentsQueries.first;
  return query(db).execute({ postId, limit: opts.limit, at: cursor?.createdAt, id: cursor?.id });
}

const hiddenQuery = prepared((db) =>
  db
    .select({ postId: comments.postId, n: sql<number>`count(*)::int` })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(amongIds(comments.postId, 'postIds'), isNotNull(users.blockedAt)))
    .groupBy(comments.postId)
    .prepare('hidden_comment_counts'),
);

/**
 * How many comments of each post are by blocked authors, which every list hides.
 *
 * posts.comment_count changes with the comment rows, in their transaction, and still counts
 * these. We subtract them when reading rather than rewrite the counters when an account is
 * (un)blocked: that would touch every post the account ever commented on inside the block's
 * transaction, and a comment committed while the block runs would make the counter drift for
 * good. Reading stays exact and cheap: it goes from the few blocked accounts (users_blocked_idx)
 * to their comments on the page's posts (comments_user_idx), however many comments a popular
 * post has, and it runs beside the other per-page lookups.
 */
export async function hiddenCommentCounts(db: Db, postIds: string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await hiddenQuery(db).execute({ postIds });
  return new Map(rows.map((r) => [r.postId, r.n]));
}

/**
 * A new comment in one round trip: the post must be visible (the rule of findVisiblePost);
 * the comment and the post's counter change in the same statement, so the count always
 * equals the rows, and the post's author is told unless they wrote it.
 */
export const ADD_COMMENT_SQL = `with post as (
  select p.id, p.user_id from posts p inner join users u on u.id = p.user_id
  where p.id = $2::uuid and p.status = 'ready' and p.removed_at is null and u.blocked_at is null
), added as (
  insert into comments (id, post_id, user_id, body) select $1::uuid, id, $3::uuid, $4::text from post
  returning created_at
), counted as (
  update posts set comment_count = comment_count + 1
  where id in (select id from post) and exists (select from added)
), notified as (
  insert into notifications (id, user_id, kind, actor_id, post_id, text, link, dedupe_key)
  select $5::uuid, post.user_id, 'comment', $3::uuid, post.id, $6::text, $7::text, $8::text
  from post, added where post.user_id <> $3::uuid
  on conflict do nothing returning id
)
select post.user_id, added.created_at, (select id from notified) from post, added`;

export interface AddedComment {
  createdAt: Date;
  authorId: string;
  /** The post author's new notification, unless they wrote the comment. */
  notificationId: string | null;
}

/** ADD_COMMENT_SQL's row. The floor reads it too, through plain pg, which gives a Date. */
export const readAddedComment = (r: unknown[]): AddedComment => ({
  authorId: r[0] as string,
  // The driver's timestamptz text, which drizzle itself reads this way.
  createdAt: new Date(r[1] as string | Date),
  notificationId: r[2] as string | null,
});

const addCommentQuery = preparedText(
  'add_comment',
  ADD_COMMENT_SQL,
  ['id', 'postId', 'userId', 'body', 'notificationId', 'excerpt', 'link', 'dedupeKey'],
  readAddedComment,
);

/** ADD_COMMENT_SQL's values: the comment and the notification it may make. */
export type NewComment = {
  id: string;
  postId: string;
  userId: string;
  body: string;
  notificationId: string;
  excerpt: string;
  link: string;
  dedupeKey: string;
};

/** Answers undefined, writing nothing, when the post is not visible. */
export async function addComment(db: Db, input: NewComment): Promise<AddedComment | undefined> {
  const [row] = await addCommentQuery(db).execute(input);
  return row;
}

export async function findComment(
  db: Db,
  postId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  const rows = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
    .limit(1);
  return rows[0];
}

export async function deleteComment(db: Db, postId: string, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(comments)
      .where(and(eq(comments.id, commentId), eq(comments.postId, postId)))
      .returning({ id: comments.id });
    if (deleted.length > 0) {
      await tx
        .update(posts)
        .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
        .where(eq(posts.id, postId));
    }
  });
}
