import { and, eq, exists, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postImages, posts } from '../../db/schema/index.js';

/**
 * Unhooks the raw uploads of a failed post and answers their keys for deletion: the row is
 * locked and must still be failed, so a retry that just made it 'processing' keeps its files.
 * Cleared before the files go, so a retry afterwards says the files are gone (400), never
 * queues a job for files that are not there.
 */
export async function takeRawKeysOfFailed(db: Db, postId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ rawVideoKey: posts.rawVideoKey })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.status, 'failed')))
      .for('update');
    if (!post) return [];
    // RETURNING would give the new (null) values: the keys are read first.
    const images = await tx
      .select({ rawKey: postImages.rawKey })
      .from(postImages)
      .where(eq(postImages.postId, postId));
    await tx.update(postImages).set({ rawKey: null }).where(eq(postImages.postId, postId));
    await tx.update(posts).set({ rawVideoKey: null }).where(eq(posts.id, postId));
    return [post.rawVideoKey, ...images.map((i) => i.rawKey)].filter(
      (k): k is string => typeof k === 'string',
    );
  });
}

/** Failed posts created before `before` that still hold raw uploads (oldest first). */
export async function failedPostsWithRaw(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.status, 'failed'),
        lt(posts.createdAt, before),
        or(
          isNotNull(posts.rawVideoKey),
          exists(
            db
              .select({ one: sql`1` })
              .from(postImages)
              .where(and(eq(postImages.postId, posts.id), isNotNull(postImages.rawKey))),
          ),
        ),
      ),
    )
    .orderBy(posts.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
