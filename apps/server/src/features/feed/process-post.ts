import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from '../../log.js';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { MediaRejectedError } from '../../media/errors.js';
import { normalizeImage } from '../../media/normalize-image.js';
import { makePoster } from '../../media/poster.js';
import { makeSmallPoster } from '../../media/small-poster.js';
import { transcodeRenditions } from '../../media/transcode-video.js';
import type { VideoTimeLimit } from '../../media/video-budget.js';
import { makeWorkDir } from '../../media/work-dir.js';
import { copyToFile, deleteQuietly, type Storage } from '../../storage/storage.js';
import {
  clearRawKeys,
  findPost,
  imagesOf,
  markPostFailed,
  markPostReady,
} from './posts.queries.js';
import { postMediaKeys } from './media-keys.js';
import { dropRawFiles } from './raw-sweep.js';

export interface ProcessDeps {
  db: Db;
  storage: Storage;
  log: Logger;
  videoTimeLimit?: VideoTimeLimit;
}

/**
 * Turns a post's raw uploads into what phones play: H.264/AAC MP4s in two renditions (720p
 * and a 360p one for slow links) with a full and a small poster, and normalised images
 * without metadata. The post is ready only with all of them. Every output is stored before the post row points at
 * it; a crash part-way leaves the post 'processing' and the job is retried by pg-boss.
 * A file the driver must replace fails the post at once with a reason they can read, and
 * its raw files go: retrying the same bytes would fail the same way.
 */
export async function processPost(
  deps: ProcessDeps,
  postId: string,
  isLastAttempt: boolean,
): Promise<void> {
  const row = await findPost(deps.db, postId);
  if (!row || row.post.status !== 'processing') return;
  const { post } = row;
  const images = (await imagesOf(deps.db, [postId])).get(postId) ?? [];
  const work = await makeWorkDir('post');
  const written: string[] = [];
  let ready = false;
  try {
    let video: Omit<Parameters<typeof markPostReady>[2], 'images'> | null = null;
    if (post.rawVideoKey) {
      const input = join(work, 'input');
      const output = join(work, 'video.mp4');
      const low = join(work, 'video-360.mp4');
      const poster = join(work, 'poster.jpg');
      const small = join(work, 'poster-small.webp');
      await copyToFile(deps.storage, post.rawVideoKey, input);
      const meta = await transcodeRenditions(
        input,
        { full: output, low },
        { timeLimit: deps.videoTimeLimit },
      );
      if (!meta.full || !meta.low) throw new Error('transcode answered without its outputs');
      await makePoster(output, poster);
      await makeSmallPoster(poster, small);
      const keys = postMediaKeys(postId);
      const files: [string, string, string][] = [
        [keys.video, output, 'video/mp4'],
        [keys.lowVideo, low, 'video/mp4'],
        [keys.poster, poster, 'image/jpeg'],
        [keys.posterSmall, small, 'image/webp'],
      ];
      for (const [key, path, type] of files) {
        await deps.storage.put(key, createReadStream(path), type);
        written.push(key);
      }
      video = {
        videoKey: keys.video,
        posterKey: keys.poster,
        durationSec: meta.durationSec,
        width: meta.full.width,
        height: meta.full.height,
        videoKbps: meta.full.kbps,
        lowVideo: { key: keys.lowVideo, ...meta.low },
        posterSmallKey: keys.posterSmall,
      };
    }
    const processedImages = [];
    for (const image of images.sort((a, b) => a.position - b.position)) {
      if (!image.rawKey) continue;
      const path = join(work, `image-${image.position}`);
      await copyToFile(deps.storage, image.rawKey, path);
      const bytes = await readFile(path);
      const type = await fileTypeFromBuffer(bytes);
      const result = await normalizeImage(bytes, type?.mime ?? 'application/octet-stream');
      const ext =
        result.mime === 'image/webp' ? 'webp' : result.mime === 'image/png' ? 'png' : 'jpg';
      const key = `public/posts/${postId}/image-${image.position}.${ext}`;
      await deps.storage.put(key, Readable.from([result.data]), result.mime);
      written.push(key);
      processedImages.push({ id: image.id, key, width: result.width, height: result.height });
    }
    ready = await markPostReady(deps.db, postId, {
      videoKey: null,
      posterKey: null,
      durationSec: null,
      width: null,
      height: null,
      videoKbps: null,
      lowVideo: null,
      posterSmallKey: null,
      ...video,
      images: processedImages,
    });
    const raw = [post.rawVideoKey, ...images.map((i) => i.rawKey)].filter(
      (k): k is string => typeof k === 'string',
    );
    if (ready) {
      await clearRawKeys(deps.db, postId);
      await Promise.all(raw.map((k) => deps.storage.delete(k)));
    }
  } catch (error) {
    // Before the row can read 'failed': whoever sees that must find none of its files served.
    await deleteQuietly(deps.storage, written.splice(0), deps.log);
    if (error instanceof MediaRejectedError) {
      await markPostFailed(deps.db, postId, error.message);
      await dropRawFiles(deps, postId);
      return;
    }
    deps.log.error({ err: error, postId }, 'post processing failed');
    if (isLastAttempt) await markPostFailed(deps.db, postId, messages.processing_failed);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    // Deleted while we worked, refused or failed part-way: nothing points at these public
    // files (a retry writes them again), so none may stay served.
    if (!ready) await deleteQuietly(deps.storage, written, deps.log);
  }
}
