import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log.js';
import {
  messages,
  rateLimits,
  said,
  type newPostFields,
  type NewPostFromUploads,
  type Product,
} from '@saathi/contract';
import type { z } from 'zod';
import type { Viewer } from '../../auth/viewer.js';
import type { Db, Tx } from '../../db/client.js';
import { Forbidden, HttpError, Invalid, NotFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { deleteQuietly, type Storage } from '../../storage/storage.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { hiddenCommentCounts } from './comments.queries.js';
import { presentPost } from './present.js';
import {
  countReadyPosts,
  feedPage,
  findPost,
  findVisiblePost,
  imagesOf,
  insertPost,
  likedBy,
  markPostFailed,
  markPostProcessing,
  postsByIds,
  postsOfUser,
  recentPosts,
  removePost,
  type PostWithAuthor,
  type ShownPostWithAuthor,
} from './posts.queries.js';
import type { PostExtras } from './post-extras.js';
import { lockAuthor } from '../../db/author-lock.js';
import type { CheckedUpload, ReceivedFile, UploadTarget } from '../../media/checked-upload.js';
import type { UploadService, WantedUpload } from '../uploads/index.js';

type NewPostFields = z.output<typeof newPostFields>;

export const PROCESS_POST_QUEUE = 'post.process';
const postsWindowSec = 3600;

export interface PostServiceDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  log: Logger;
  uploads: UploadService;
}

export function createPostService(deps: PostServiceDeps) {
  const { db } = deps;
  /** Per author, post uploads still arriving in this process: each may become a post. */
  const arriving = new Map<string, number>();
  const countArriving = (userId: string, by: number) => {
    const n = (arriving.get(userId) ?? 0) + by;
    if (n > 0) arriving.set(userId, n);
    else arriving.delete(userId);
  };

  const presentRow = (r: ShownPostWithAuthor & PostExtras): Product =>
    presentPost(r.post, r.author, r.images, {
      likedByMe: r.likedByMe,
      commentsCount: r.post.commentCount - r.hiddenComments,
    });

  /** For rows read without their extras (one post, the moderation queue): looked up here. */
  async function present(
    rows: ShownPostWithAuthor[],
    viewerId: string | undefined,
  ): Promise<Product[]> {
    const ids = rows.map((r) => r.post.id);
    const [images, liked, hidden] = await Promise.all([
      imagesOf(db, ids),
      likedBy(db, viewerId, ids),
      hiddenCommentCounts(db, ids),
    ]);
    return rows.map((r) =>
      presentRow({
        ...r,
        images: images.get(r.post.id) ?? [],
        likedByMe: liked.has(r.post.id),
        hiddenComments: hidden.get(r.post.id) ?? 0,
      }),
    );
  }

  async function presentOne(
    row: ShownPostWithAuthor,
    viewerId: string | undefined,
  ): Promise<Product> {
    const [product] = await present([row], viewerId);
    if (!product) throw NotFound('post_not_found');
    return product;
  }

  async function queue(postId: string): Promise<void> {
    try {
      await deps.jobs.send(PROCESS_POST_QUEUE, { postId });
    } catch (err) {
      // The upload is safe in storage; the author can retry once the queue is back.
      deps.log.error({ err, postId }, 'could not queue post processing');
      await markPostFailed(db, postId, messages.processing_failed);
    }
  }

  /**
   * Spec limit: 30 posts an hour, and only accepted posts count. The posts table is the
   * record of accepted posts, so it is the counter: a refused upload writes no row and costs
   * nothing (a fixed-window limiter hit before the body is read would count it, and it has
   * no way to look without counting). Uploads of the author still arriving count too, or a
   * burst of parallel uploads would all pass the first check. Throws 429 with the seconds
   * until a post leaves the hour.
   */
  async function checkPostLimit(dbOrTx: Db, userId: string, othersArriving: number): Promise<void> {
    const recent = await recentPosts(dbOrTx, userId, postsWindowSec);
    if (recent.count + othersArriving < rateLimits.postsPerHour) return;
    throw new HttpError(429, 'too_many_posts', undefined, {
      retryAfter: Math.max(1, recent.freeInSec),
    });
  }

  /**
   * Writes the post and its image rows for files already in uploads/ (state 'processing');
   * `within` runs in the same transaction (consuming resumable uploads).
   */
  async function writePost(
    viewer: Viewer,
    postId: string,
    fields: NewPostFields,
    files: ReceivedFile[],
    within: (tx: Db) => Promise<void> = async () => undefined,
  ) {
    const video = files.find((f) => f.field === 'video');
    const images = files.filter((f) => f.field === 'images');
    await db.transaction(async (tx) => {
      // Again under the author's row lock, in the transaction that writes the post: a
      // burst of parallel uploads is counted one after another, never past the limit,
      // across every API process (they share the database). Only written posts count here:
      // uploads still arriving were counted before their bodies were read, and counting
      // them again would refuse this one for posts that may never be written.
      await lockAuthor(tx, viewer.user.id);
      await checkPostLimit(tx, viewer.user.id, 0);
      await insertPost(
        tx,
        {
          id: postId,
          userId: viewer.user.id,
          caption: fields.caption,
          location: fields.location,
          emergency: fields.emergency,
          status: 'processing',
          rawVideoKey: video?.key ?? null,
        },
        images.map((f, i) => ({ id: randomUUID(), postId, position: i, rawKey: f.key })),
      );
      await within(tx);
    });
  }

  /** The files arrived with the call, checked: the post takes them over once written. */
  async function keepPost(viewer: Viewer, upload: CheckedUpload<NewPostFields>): Promise<string> {
    await writePost(viewer, upload.id, upload.fields, upload.files);
    upload.keep();
    return upload.id;
  }

  /**
   * The files arrived before, as resumable uploads of the author: they are copied into
   * uploads/ through the same checks, and consumed in the transaction that writes the post.
   */
  async function attachPost(viewer: Viewer, body: NewPostFromUploads): Promise<string> {
    const postId = randomUUID();
    const wanted: WantedUpload[] = [
      ...(body.videoUploadId
        ? [{ id: body.videoUploadId, purpose: 'video' as const, field: 'video' }]
        : []),
      ...body.imageUploadIds.map((id) => ({ id, purpose: 'image' as const, field: 'images' })),
    ];
    const attached = await deps.uploads.attach(viewer.user.id, wanted, `uploads/posts/${postId}`);
    try {
      await writePost(viewer, postId, body, attached.files, attached.take);
    } catch (error) {
      await attached.discard();
      throw error;
    }
    await attached.finish();
    return postId;
  }

  return {
    /** A post's files wait in uploads/posts/<post id>/ (never served) until processed. */
    postUploads: {
      storage: deps.storage,
      folder: (id) => `uploads/posts/${id}`,
    } satisfies UploadTarget,

    /**
     * Before the files are read (or attached), without a lock, so a driver over the limit is
     * told before sending 10 MB. The post counts as arriving until the release answered.
     */
    async admit(viewer: Viewer): Promise<() => void> {
      const authorId = viewer.user.id;
      await checkPostLimit(db, authorId, arriving.get(authorId) ?? 0);
      countArriving(authorId, 1);
      return () => countArriving(authorId, -1);
    },

    /**
     * Files stream into uploads/ first (or are copied there from finished resumable uploads);
     * the post row (state 'processing') and its image rows are written in one transaction
     * once every check passed, then the job is queued.
     */
    async create(viewer: Viewer, sent: CheckedUpload<NewPostFields> | NewPostFromUploads) {
      const postId =
        'files' in sent ? await keepPost(viewer, sent) : await attachPost(viewer, sent);
      await queue(postId);
      const row = await findPost(db, postId);
      if (!row) throw NotFound('post_not_found');
      return {
        success: true as const,
        ...said('uploaded'),
        product: await presentOne(row, viewer.user.id),
      };
    },

    async feed(
      query: { cursor?: string; limit: number; emergency: boolean },
      viewer: Viewer | null,
    ) {
      const cursor = decodeCursor(query.cursor);
      const rows = await feedPage(db, {
        cursor,
        limit: query.limit + 1,
        emergencyOnly: query.emergency,
        viewerId: viewer?.user.id,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        success: true as const,
        products: page.map(presentRow),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ createdAt: last.cursorAt, id: last.post.id })
            : null,
      };
    },

    async get(postId: string, viewer: Viewer | null) {
      const row = await findVisiblePost(db, postId);
      if (!row) throw NotFound('post_not_found');
      return { success: true as const, product: await presentOne(row, viewer?.user.id) };
    },

    async mine(viewer: Viewer) {
      const rows = await postsOfUser(db, viewer.user.id, {
        readyOnly: false,
        limit: 100,
        viewerId: viewer.user.id,
      });
      return { success: true as const, products: rows.map(presentRow) };
    },

    /** For profiles: the newest ready posts of a user, and how many ready posts they have. */
    async publicPostsOf(userId: string, viewerId: string, limit: number) {
      const [rows, count] = await Promise.all([
        postsOfUser(db, userId, { readyOnly: true, limit, viewerId }),
        countReadyPosts(db, userId),
      ]);
      return { products: rows.map(presentRow), count };
    },

    async retry(postId: string, viewer: Viewer) {
      const row = await findPost(db, postId);
      if (!row) throw NotFound('post_not_found');
      if (row.post.userId !== viewer.user.id) throw Forbidden();
      if (row.post.status !== 'failed') throw Invalid('post_not_failed');
      const images = (await imagesOf(db, [postId])).get(postId) ?? [];
      const rawKeys = [row.post.rawVideoKey, ...images.map((i) => i.rawKey)].filter(
        (k): k is string => typeof k === 'string',
      );
      const stored = await Promise.all(rawKeys.map((k) => deps.storage.stat(k)));
      if (rawKeys.length === 0 || stored.some((s) => s === null)) throw Invalid('post_retry_gone');
      if (await markPostProcessing(db, postId)) await queue(postId);
      const fresh = await findPost(db, postId);
      if (!fresh) throw NotFound('post_not_found');
      return { success: true as const, product: await presentOne(fresh, viewer.user.id) };
    },

    /** Ready or not, not removed; for the moderation queue (admins only). */
    async productsByIds(postIds: string[]): Promise<Map<string, Product>> {
      const products = await present(await postsByIds(db, postIds), undefined);
      return new Map(products.map((p) => [p._id, p]));
    },

    /** Any post that was not removed, with its author; undefined otherwise. */
    find(postId: string): Promise<PostWithAuthor | undefined> {
      return findPost(db, postId);
    },

    /**
     * The one way a post is removed (its author's delete, an admin's delete, moderation): the
     * row is marked removed and `within` runs in the same transaction (reports, audit, block),
     * then every file of the post is deleted. The row stays for moderation history.
     */
    async removeWith(
      postId: string,
      byUserId: string,
      within: (tx: Tx) => Promise<void>,
    ): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const removed = await removePost(tx, postId, byUserId);
        if (!removed) throw NotFound('post_not_found');
        await within(tx);
        return removed;
      });
      await deleteQuietly(deps.storage, keys, deps.log);
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;
