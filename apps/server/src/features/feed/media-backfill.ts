import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import { jobDefaults } from '../../jobs/queue.js';
import { MediaRejectedError } from '../../media/errors.js';
import { makeSmallPoster } from '../../media/small-poster.js';
import { transcodeRenditions } from '../../media/transcode-video.js';
import { makeWorkDir } from '../../media/work-dir.js';
import { copyToFile, deleteQuietly } from '../../storage/storage.js';
import {
  findPostLackingMedia,
  mediaKeysOf,
  postsLackingMedia,
  setBackfilledMedia,
  type BackfilledMedia,
} from './media-backfill.queries.js';
import { postMediaKeys } from './media-keys.js';
import type { ProcessDeps } from './process-post.js';

/**
 * Its own queue, worked one job at a time: the backfill of old posts never takes a worker
 * from new posts. `short` keeps one waiting job per post, so queueing again (each worker
 * start, `npm run media:backfill`) adds nothing twice.
 */
export const BACKFILL_MEDIA_QUEUE = 'post.backfill-media';
export const backfillQueuePolicy = { name: BACKFILL_MEDIA_QUEUE, policy: 'short' } as const;

/**
 * The lowest level whatever MEDIA_NICENESS says: where new posts' ffmpeg is set to run above
 * it, on a busy machine the backfill waits and they do not.
 */
const BACKFILL_NICENESS = 19;
const PAGE = 500;

/** Queues a job for each post that lacks its low rendition or small poster; answers how many. */
export async function queueMediaBackfill(boss: PgBoss, db: Db): Promise<number> {
  let after: { createdAt: string; id: string } | null = null;
  let queued = 0;
  for (;;) {
    const page = await postsLackingMedia(db, after, PAGE);
    if (page.length > 0) {
      await boss.insert(
        page.map((p) => ({
          name: BACKFILL_MEDIA_QUEUE,
          data: { postId: p.id },
          singletonKey: p.id,
          retryLimit: jobDefaults.retryLimit,
          retryDelay: jobDefaults.retryDelay,
          retryBackoff: jobDefaults.retryBackoff,
          expireInSeconds: jobDefaults.expireInSeconds,
        })),
      );
    }
    queued += page.length;
    const last = page.at(-1);
    if (!last || page.length < PAGE) return queued;
    after = last;
  }
}

/**
 * Makes what an older post lacks: the low rendition from its stored 720p file (the raw
 * upload is long gone) and the small poster from its stored poster. Idempotent: a post that
 * has both, was removed or is not ready is left alone.
 */
export async function backfillPostMedia(deps: ProcessDeps, postId: string): Promise<void> {
  const post = await findPostLackingMedia(deps.db, postId);
  if (!post?.videoKey) return;
  const keys = postMediaKeys(postId);
  const work = await makeWorkDir('backfill');
  const written: string[] = [];
  let kept = false;
  try {
    const media: BackfilledMedia = {};
    if (!post.lowVideoKey) {
      const input = join(work, 'video.mp4');
      const low = join(work, 'video-360.mp4');
      await copyToFile(deps.storage, post.videoKey, input);
      const result = await transcodeRenditions(
        input,
        { low },
        { timeLimit: deps.videoTimeLimit, niceness: BACKFILL_NICENESS },
      );
      if (!result.low) throw new Error('transcode answered without the low rendition');
      await deps.storage.put(keys.lowVideo, createReadStream(low), 'video/mp4');
      written.push(keys.lowVideo);
      media.lowVideo = { key: keys.lowVideo, ...result.low };
    }
    if (!post.posterSmallKey && post.posterKey) {
      const poster = join(work, 'poster.jpg');
      const small = join(work, 'poster-small.webp');
      await copyToFile(deps.storage, post.posterKey, poster);
      await makeSmallPoster(poster, small);
      await deps.storage.put(keys.posterSmall, createReadStream(small), 'image/webp');
      written.push(keys.posterSmall);
      media.posterSmallKey = keys.posterSmall;
    }
    if (written.length > 0) {
      kept = await setBackfilledMedia(deps.db, postId, post.videoKey, media);
    }
  } catch (error) {
    // Our own 720p file refused: nothing a retry changes. The post keeps playing as it did.
    if (error instanceof MediaRejectedError) {
      deps.log.warn({ err: error, postId }, 'media backfill: stored video refused');
      return;
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    if (!kept && written.length > 0) {
      // Removed while we worked, or failed part-way. Another worker's job for the same post
      // may have written the same keys and pointed the post at them: those files stay.
      const inUse = await mediaKeysOf(deps.db, postId);
      const orphans = written.filter((key) => !inUse.has(key));
      await deleteQuietly(deps.storage, orphans, deps.log);
    }
  }
}
