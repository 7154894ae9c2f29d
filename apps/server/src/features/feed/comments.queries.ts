import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, posts, users, type UserRow } from '../../db/schema/index.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { amongIds, prepared } from '../../db/prepared.js';

export type CommentRow = typeof comments.$inferSelect;

/** The comments list's statement, first page and after a cursor, built once (db/prepared.ts). */
const commentsQuery = (paged: boolean) =>
  prepared((db) =>
    db
      .select({ comment: comments, author: users, cursorAt: exactTime(comments.createdAt) })
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
): Promise<{ comment: CommentRow; author: UserRow; cursorAt: string }[]> {
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
 * good. Reading stays exact and cheap: only the comments of the page's few posts are looked
 * at (comments_post_idx), and it runs beside the other per-page lookups.
 */
export async function hiddenCommentCounts(db: Db, postIds: string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await hiddenQuery(db).execute({ postIds });
  return new Map(rows.map((r) => [r.postId, r.n]));
}

export async function insertComment(
  db: Db,
  comment: typeof comments.$inferInsert,
): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(comments).values(comment).returning();
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, comment.postId));
    if (!row) throw new Error('comment not inserted');
    return row;
  });
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
