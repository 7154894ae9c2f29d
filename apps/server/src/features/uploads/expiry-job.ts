import type { Logger } from '../../log.js';
import type { Db } from '../../db/client.js';
import { deleteUploadRows, expiredUploads } from './queries.js';
import type { UploadStore } from './store.js';

const BATCH = 200;

/**
 * Uploads not attached within the expiry go, finished or not: first those we have rows for,
 * then whatever the tus store still holds past its expiry without a row (a removal that
 * failed, a crash between the store and the database). Answers how many rows went.
 */
export async function expireUploads(db: Db, store: UploadStore, log: Logger): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await expiredUploads(db, BATCH);
    const gone = await Promise.all(
      rows.map((row) =>
        store.remove(row.storageKey).then(
          () => row.id,
          (err: unknown) => {
            log.error({ err, uploadId: row.id }, 'expired upload not removed');
            return undefined;
          },
        ),
      ),
    );
    const ids = gone.filter((id): id is string => id !== undefined);
    await deleteUploadRows(db, ids);
    removed += ids.length;
    // A batch with failures is left for the next run rather than retried in a loop.
    if (rows.length < BATCH || ids.length < rows.length) break;
  }
  if (store.datastore.hasExtension('expiration')) await store.datastore.deleteExpired();
  return removed;
}
