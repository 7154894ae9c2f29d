import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from '../../log.js';
import { fileTypeFromBuffer } from 'file-type';
import { messages } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { MediaRejectedError } from '../../media/errors.js';
import { normalizeImage } from '../../media/normalize-image.js';
import { makePoster } from '../../media/poster.js';
import { transcodeVideo } from '../../media/transcode-video.js';
import { copyToFile, deleteQuietly, readAll, type Storage } from '../../storage/storage.js';
import { cautionKeys } from './caution-media.js';
import { findCaution, markCautionFailed, markCautionReady } from './queries.js';
import { makeWorkDir } from '../../media/work-dir.js';

export interface CautionProcessDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

/**
 * A caution whose every try was cut short (its worker killed each time) fails as a last try's
 * failure would, and whatever a killed try had written under its public keys goes.
 */
export async function giveUpCaution(deps: CautionProcessDeps, id: string): Promise<void> {
  const row = await findCaution(deps.db, id);
  if (!row || row.status !== 'processing') return;
  const keys = cautionKeys(id);
  const images = ['jpg', 'png', 'webp'].map((ext) => keys.image(ext));
  await deleteQuietly(deps.storage, [keys.video, keys.poster, ...images], deps.log);
  await markCautionFailed(deps.db, id, messages.processing_failed);
}

/**
 * A caution's raw uploads become what phones play, as a post's do: H.264 MP4 (faststart,
 * at most 720p) with a poster, and the image upright without metadata. Every output is
 * stored before the one update that points the caution at them and makes it 'ready'.
 */
export async function processCaution(
  deps: CautionProcessDeps,
  id: string,
  isLastAttempt: boolean,
): Promise<void> {
  const row = await findCaution(deps.db, id);
  if (!row || row.status !== 'processing') return;
  const keys = cautionKeys(id);
  const work = await makeWorkDir('safety');
  const written: string[] = [];
  let ready = false;
  try {
    let videoKey: string | null = null;
    if (row.rawVideoKey) {
      const input = join(work, 'input');
      const output = join(work, 'video.mp4');
      const poster = join(work, 'poster.jpg');
      await copyToFile(deps.storage, row.rawVideoKey, input);
      await transcodeVideo(input, output);
      await makePoster(output, poster);
      await deps.storage.put(keys.video, createReadStream(output), 'video/mp4');
      written.push(keys.video);
      await deps.storage.put(keys.poster, createReadStream(poster), 'image/jpeg');
      written.push(keys.poster);
      videoKey = keys.video;
    }
    let imageKey: string | null = null;
    if (row.rawImageKey) {
      const bytes = await readAll(deps.storage, row.rawImageKey);
      const type = await fileTypeFromBuffer(bytes);
      const result = await normalizeImage(bytes, type?.mime ?? 'application/octet-stream');
      const ext =
        result.mime === 'image/webp' ? 'webp' : result.mime === 'image/png' ? 'png' : 'jpg';
      imageKey = keys.image(ext);
      await deps.storage.put(imageKey, Readable.from([result.data]), result.mime);
      written.push(imageKey);
    }
    ready = await markCautionReady(deps.db, id, { imageKey, videoKey });
    if (ready) {
      const raw = [row.rawImageKey, row.rawVideoKey].filter((k): k is string => k !== null);
      await Promise.all(raw.map((k) => deps.storage.delete(k)));
    }
  } catch (error) {
    // Before the row can read 'failed': whoever sees that must find none of its files served.
    await deleteQuietly(deps.storage, written.splice(0), deps.log);
    if (error instanceof MediaRejectedError) {
      await markCautionFailed(deps.db, id, error.message);
      return;
    }
    deps.log.error({ err: error, cautionId: id }, 'safety caution processing failed');
    if (isLastAttempt) await markCautionFailed(deps.db, id, messages.processing_failed);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
    // Deleted while we worked, refused or failed part-way: nothing points at these public
    // files (a retry writes them again), so none may stay served.
    if (!ready) await deleteQuietly(deps.storage, written, deps.log);
  }
}
