import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { MediaRejectedError } from '../../media/errors.js';
import { normalizeImage } from '../../media/normalize-image.js';
import { makePoster } from '../../media/poster.js';
import { transcodeVideo } from '../../media/transcode-video.js';
import { copyToFile, deleteQuietly, type Storage } from '../../storage/storage.js';
import {
  clearRawKeys,
  findPost,
  imagesOf,
  markPostFailed,
  markPostReady,
} from './posts.queries.js';

export interface ProcessDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Turns a post's raw uploads into what phones play: an H.264/AAC MP4 with a poster, and
 * normalised images without metadata. Every output is stored before the post row points at
 * it; a crash part-way leaves the post 'processing' and the job is retried by pg-boss.
 * A file the driver must replace fails the post at once with a reason they can read.
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
  const work = await mkdtemp(join(tmpdir(), 'saathi-post-'));
  const written: string[] = [];
  let ready = false;
  try {
    let video: {
      videoKey: string;
      posterKey: string;
      durationSec: number;
      width: number;
      height: number;
    } | null = null;
    if (post.rawVideoKey) {
      const input = join(work, 'input');
      const output = join(work, 'video.mp4');
      const poster = join(work, 'poster.jpg');
      await copyToFile(deps.storage, post.rawVideoKey, input);
      const meta = await transcodeVideo(input, output);
      await makePoster(output, poster);
      const videoKey = `public/posts/${postId}/video.mp4`;
      const posterKey = `public/posts/${postId}/poster.jpg`;
      await deps.storage.put(videoKey, createReadStream(output), 'video/mp4');
      written.push(videoKey);
      await deps.storage.put(posterKey, createReadStream(poster), 'image/jpeg');
      written.push(posterKey);
      video = {
        videoKey,
        posterKey,
        durationSec: meta.durationSec,
        width: meta.width,
        height: meta.height,
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
      videoKey: video?.videoKey ?? null,
      posterKey: video?.posterKey ?? null,
      durationSec: video?.durationSec ?? null,
      width: video?.width ?? null,
      height: video?.height ?? null,
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
    if (error instanceof MediaRejectedError) {
      await markPostFailed(deps.db, postId, error.message);
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
