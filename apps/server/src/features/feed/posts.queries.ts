import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  likes,
  postImages,
  posts,
  users,
  type PostImageRow,
  type PostRow,
} from '../../db/schema/index.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { amongIds, prepared } from '../../db/prepared.js';
import { authorColumns, type AuthorRow } from '../../db/user-columns.js';
import { shownPostColumns, type ShownPost } from './post-columns.js';
import { extrasFields, type PostExtras } from './post-extras.js';

/** A post as the reads that show posts select it (post-columns.ts), with its author. */
export interface ShownPostWithAuthor {
  post: ShownPost;
  author: AuthorRow;
}
/** With the whole post row, for its owner's and the moderators' actions. */
export interface PostWithAuthor extends ShownPostWithAuthor {
  post: PostRow;
}

/** Pass the caller's transaction: the post and its images are written together. */
export async function insertPost(
  tx: Db,
  post: typeof posts.$inferInsert,
  images: (typeof postImages.$inferInsert)[],
): Promise<void> {
  await tx.insert(posts).values(post);
  if (images.length > 0) await tx.insert(postImages).values(images);
}

/**
 * How many posts the user wrote in the last `windowSec` (any state, removed ones too: they
 * were posted), and in how many seconds the oldest of them leaves that window. The database
 * clock alone decides, the same one that stamps created_at; posts_user_idx serves it.
 */
export async function recentPosts(
  db: Db,
  userId: string,
  windowSec: number,
): Promise<{ count: number; freeInSec: number }> {
  const window = sql`make_interval(secs => ${windowSec})`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      freeInSec: sql<number>`coalesce(ceil(extract(epoch from min(${posts.createdAt}) + ${window} - now())), 0)::int`,
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), sql`${posts.createdAt} > now() - ${window}`));
  return { count: row?.count ?? 0, freeInSec: row?.freeInSec ?? 0 };
}

const visible = and(eq(posts.status, 'ready'), isNull(posts.removedAt), isNull(users.blockedAt));

/**
 * The feed's statement for each of its four shapes (emergency only or not, after a cursor or
 * not), built once: the feed is the hottest read (db/prepared.ts). Each post comes with what
 * the page shows beside it (post-extras.ts).
 */
const feedQuery = (emergencyOnly: boolean, paged: boolean) =>
  prepared((db) =>
    db
      .select({
        post: shownPostColumns,
        author: authorColumns,
        ...extrasFields,
        cursorAt: exactTime(posts.createdAt),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(
        and(
          visible,
          emergencyOnly ? eq(posts.emergency, true) : undefined,
          paged
            ? afterCursor(posts.createdAt, posts.id, {
                createdAt: sql.placeholder('at'),
                id: sql.placeholder('id'),
              })
            : undefined,
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .prepare(`feed_page${emergencyOnly ? '_emergency' : ''}${paged ? '_after' : ''}`),
  );
const feedQueries = {
  all: feedQuery(false, false),
  allAfter: feedQuery(false, true),
  emergency: feedQuery(true, false),
  emergencyAfter: feedQuery(true, true),
};

/**
 * One feed page: ready, not removed, author not blocked; newest first after `cursor`; with
 * its extras for `viewerId` (undefined when signed out).
 */
export async function feedPage(
  db: Db,
  opts: { cursor?: Cursor; limit: number; emergencyOnly: boolean; viewerId: string | undefined },
): Promise<(ShownPostWithAuthor & PostExtras & { cursorAt: string })[]> {
  const { cursor } = opts;
  const query = opts.emergencyOnly
    ? cursor
      ? feedQueries.emergencyAfter
      : feedQueries.emergency
    : cursor
      ? feedQueries.allAfter
      : feedQueries.all;
  return query(db).execute({
    limit: opts.limit,
    at: cursor?.createdAt,
    id: cursor?.id,
    viewerId: opts.viewerId ?? null,
  });
}

/** Read before every like and comment: built once. */
const visiblePostQuery = prepared((db) =>
  db
    .select({ post: shownPostColumns, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, sql.placeholder('postId')), visible))
    .limit(1)
    .prepare('find_visible_post'),
);

export async function findVisiblePost(
  db: Db,
  postId: string,
): Promise<ShownPostWithAuthor | undefined> {
  const rows = await visiblePostQuery(db).execute({ postId });
  return rows[0];
}

/** Any post that was not removed, in any state, with its author. */
export async function findPost(db: Db, postId: string): Promise<PostWithAuthor | undefined> {
  const rows = await db
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, postId), isNull(posts.removedAt)))
    .limit(1);
  return rows[0];
}

/** Posts that were not removed, in any state, with their authors (the moderation queue). */
export async function postsByIds(db: Db, postIds: string[]): Promise<PostWithAuthor[]> {
  if (postIds.length === 0) return [];
  return db
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(inArray(posts.id, postIds), isNull(posts.removedAt)));
}

/** A profile's posts (every state for its owner, ready ones for others) and their count. */
const userPostsQuery = (readyOnly: boolean) =>
  prepared((db) =>
    db
      .select({ post: shownPostColumns, author: authorColumns, ...extrasFields })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(
        and(
          eq(posts.userId, sql.placeholder('userId')),
          isNull(posts.removedAt),
          readyOnly ? eq(posts.status, 'ready') : undefined,
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .prepare(readyOnly ? 'user_posts_ready' : 'user_posts'),
  );
const userPostsQueries = { all: userPostsQuery(false), ready: userPostsQuery(true) };

/**
 * A user's posts, newest first: every state for the author, only ready ones for others; with
 * their extras for `viewerId`.
 */
export async function postsOfUser(
  db: Db,
  userId: string,
  opts: { readyOnly: boolean; limit: number; viewerId: string },
): Promise<(ShownPostWithAuthor & PostExtras)[]> {
  const query = opts.readyOnly ? userPostsQueries.ready : userPostsQueries.all;
  return query(db).execute({ userId, limit: opts.limit, viewerId: opts.viewerId });
}

const readyCountQuery = prepared((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(
      and(
        eq(posts.userId, sql.placeholder('userId')),
        eq(posts.status, 'ready'),
        isNull(posts.removedAt),
      ),
    )
    .prepare('ready_posts_count'),
);

export async function countReadyPosts(db: Db, userId: string): Promise<number> {
  const [row] = await readyCountQuery(db).execute({ userId });
  return row?.n ?? 0;
}

/** Read for every page of posts (with likedBy and hiddenCommentCounts): built once. */
const imagesQuery = prepared((db) =>
  db
    .select()
    .from(postImages)
    .where(amongIds(postImages.postId, 'postIds'))
    .prepare('post_images_of'),
);

export async function imagesOf(db: Db, postIds: string[]): Promise<Map<string, PostImageRow[]>> {
  const byPost = new Map<string, PostImageRow[]>();
  if (postIds.length === 0) return byPost;
  const rows = await imagesQuery(db).execute({ postIds });
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

const likedQuery = prepared((db) =>
  db
    .select({ postId: likes.postId })
    .from(likes)
    .where(and(eq(likes.userId, sql.placeholder('userId')), amongIds(likes.postId, 'postIds')))
    .prepare('posts_liked_by'),
);

export async function likedBy(
  db: Db,
  userId: string | undefined,
  postIds: string[],
): Promise<Set<string>> {
  if (!userId || postIds.length === 0) return new Set();
  const rows = await likedQuery(db).execute({ userId, postIds });
  return new Set(rows.map((r) => r.postId));
}

/** Written only once every processed file is in storage: the post never points at nothing. */
export async function markPostReady(
  db: Db,
  postId: string,
  media: {
    videoKey: string | null;
    posterKey: string | null;
    durationSec: number | null;
    width: number | null;
    height: number | null;
    videoKbps: number | null;
    lowVideo: { key: string; width: number; height: number; kbps: number } | null;
    posterSmallKey: string | null;
    images: { id: string; key: string; width: number; height: number }[];
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(posts)
      .set({
        status: 'ready',
        failureReason: null,
        videoKey: media.videoKey,
        posterKey: media.posterKey,
        durationSec: media.durationSec,
        width: media.width,
        height: media.height,
        videoKbps: media.videoKbps,
        lowVideoKey: media.lowVideo?.key ?? null,
        lowWidth: media.lowVideo?.width ?? null,
        lowHeight: media.lowVideo?.height ?? null,
        lowKbps: media.lowVideo?.kbps ?? null,
        posterSmallKey: media.posterSmallKey,
        readyAt: new Date(),
      })
      .where(and(eq(posts.id, postId), eq(posts.status, 'processing'), isNull(posts.removedAt)))
      .returning({ id: posts.id });
    if (updated.length === 0) return false;
    for (const image of media.images) {
      await tx
        .update(postImages)
        .set({ key: image.key, width: image.width, height: image.height })
        .where(eq(postImages.id, image.id));
    }
    return true;
  });
}

export async function markPostFailed(db: Db, postId: string, reason: string): Promise<void> {
  await db
    .update(posts)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(posts.id, postId), eq(posts.status, 'processing')));
}

export async function markPostProcessing(db: Db, postId: string): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ status: 'processing', failureReason: null })
    .where(and(eq(posts.id, postId), eq(posts.status, 'failed'), isNull(posts.removedAt)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Raw uploads are dropped once processed; the columns are cleared so nothing points at them. */
export async function clearRawKeys(db: Db, postId: string): Promise<void> {
  await db.update(posts).set({ rawVideoKey: null }).where(eq(posts.id, postId));
  await db.update(postImages).set({ rawKey: null }).where(eq(postImages.postId, postId));
}

/**
 * Soft delete in the caller's transaction: the row stays for moderation history; answers the
 * keys of files to delete, or null when the post was already removed (by a concurrent delete).
 */
export async function removePost(tx: Db, postId: string, by: string): Promise<string[] | null> {
  const [post] = await tx
    .update(posts)
    .set({ removedAt: new Date(), removedBy: by })
    .where(and(eq(posts.id, postId), isNull(posts.removedAt)))
    .returning();
  if (!post) return null;
  const images = await tx.select().from(postImages).where(eq(postImages.postId, postId));
  await tx
    .update(posts)
    .set({
      videoKey: null,
      posterKey: null,
      rawVideoKey: null,
      lowVideoKey: null,
      posterSmallKey: null,
    })
    .where(eq(posts.id, postId));
  await tx.update(postImages).set({ key: null, rawKey: null }).where(eq(postImages.postId, postId));
  return [
    post.videoKey,
    post.posterKey,
    post.lowVideoKey,
    post.posterSmallKey,
    post.rawVideoKey,
    ...images.flatMap((i) => [i.key, i.rawKey]),
  ].filter((k): k is string => typeof k === 'string');
}
