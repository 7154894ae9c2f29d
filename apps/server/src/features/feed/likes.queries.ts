import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likes, posts } from '../../db/schema/index.js';

/**
 * Adds the like if absent, else removes it, and moves the post's counter by one in the
 * same transaction: the counter always equals the rows, however many people tap at once.
 * The post row is locked first, so toggles on one post run one after another: without it
 * two taps by one user on a liked post both found the row, both deleted it (one deleting
 * nothing) and both took one off the counter.
 */
export async function toggleLike(
  db: Db,
  postId: string,
  userId: string,
): Promise<{ liked: boolean; likes: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
    const added = await tx
      .insert(likes)
      .values({ postId, userId })
      .onConflictDoNothing()
      .returning({ postId: likes.postId });
    const liked = added.length > 0;
    if (!liked) {
      await tx.delete(likes).where(and(eq(likes.postId, postId), eq(likes.userId, userId)));
    }
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(posts.id, postId))
      .returning({ likes: posts.likeCount });
    return { liked, likes: row?.likes ?? 0 };
  });
}
