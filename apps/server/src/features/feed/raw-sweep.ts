import type { Logger } from '../../log.js';
import type { Db } from '../../db/client.js';
import { deleteQuietly, type Storage } from '../../storage/storage.js';
import { failedPostsWithRaw, takeRawKeysOfFailed } from './raw-files.queries.js';

export interface RawFileDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

/** Deletes a failed post's raw uploads; after this a retry answers `post_retry_gone`. */
export async function dropRawFiles(deps: RawFileDeps, postId: string): Promise<void> {
  await deleteQuietly(deps.storage, await takeRawKeysOfFailed(deps.db, postId), deps.log);
}

/** A post that failed for a reason of ours keeps its raw files this long for a retry. */
export const KEEP_FAILED_RAW_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Raw uploads of posts that failed more than a day ago (counted from the post's creation:
 * the table keeps no failure time, and a post fails within minutes of being sent). A post
 * retried after a day and failing again loses its files at the next sweep. Answers how many
 * posts were swept.
 */
export async function sweepFailedRawFiles(deps: RawFileDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_FAILED_RAW_MS);
  let swept = 0;
  for (;;) {
    const ids = await failedPostsWithRaw(deps.db, before, BATCH);
    for (const id of ids) await dropRawFiles(deps, id);
    swept += ids.length;
    if (ids.length < BATCH) return swept;
  }
}
