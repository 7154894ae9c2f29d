import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, type PostRow } from '../../db/schema/index.js';
import { exactTime } from '../../db/cursor.js';

/** Ready, not removed video posts without a low rendition or a small poster (older posts). */
const lacking: SQL | undefined = and(
  eq(posts.status, 'ready'),
  isNull(posts.removedAt),
  sql`${posts.videoKey} is not null`,
  or(isNull(posts.lowVideoKey), isNull(posts.posterSmallKey)),
);

/** A page of such posts' ids, oldest first, after `after` (posts_media_backfill_idx). */
export async function postsLackingMedia(
  db: Db,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<{ id: string; createdAt: string }[]> {
  // The exact stored time: a Date's milliseconds would bring the page's last row back.
  return db
    .select({ id: posts.id, createdAt: exactTime(posts.createdAt) })
    .from(posts)
    .where(
      and(
        lacking,
        after
          ? sql`(${posts.createdAt}, ${posts.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

export async function findPostLackingMedia(db: Db, postId: string): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), lacking))
    .limit(1);
  return row;
}

export interface BackfilledMedia {
  lowVideo?: { key: string; width: number; height: number; kbps: number };
  posterSmallKey?: string;
}

/**
 * Points the post at its new files, only if it still shows the video they were made from
 * and was not removed meanwhile; answers whether it did (if not, the files must go).
 */
export async function setBackfilledMedia(
  db: Db,
  postId: string,
  fromVideoKey: string,
  media: BackfilledMedia,
): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({
      ...(media.lowVideo && {
        lowVideoKey: media.lowVideo.key,
        lowWidth: media.lowVideo.width,
        lowHeight: media.lowVideo.height,
        lowKbps: media.lowVideo.kbps,
      }),
      ...(media.posterSmallKey && { posterSmallKey: media.posterSmallKey }),
    })
    .where(and(eq(posts.id, postId), eq(posts.videoKey, fromVideoKey), isNull(posts.removedAt)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** The rendition and small poster keys a post points at (none once removed). */
export async function mediaKeysOf(db: Db, postId: string): Promise<Set<string>> {
  const [row] = await db
    .select({ low: posts.lowVideoKey, small: posts.posterSmallKey })
    .from(posts)
    .where(eq(posts.id, postId));
  return new Set([row?.low, row?.small].filter((k): k is string => typeof k === 'string'));
}
