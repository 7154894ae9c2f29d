import type { Db } from '../../../db/client.js';
import type { Storage } from '../../../storage/storage.js';
import { deleteExport, expiredExports } from './queries.js';
import { BUILD_GIVE_UP_MS } from './service.js';

/**
 * Data downloads are deleted, file and row, once their 24 hours are over; failed or abandoned
 * ones once they can no longer be in progress. A file that cannot be deleted keeps its row
 * for the next run. Answers how many went.
 */
export async function purgeExpiredExports(
  deps: { db: Db; storage: Storage },
  now = new Date(),
): Promise<number> {
  const rows = await expiredExports(deps.db, now, new Date(now.getTime() - BUILD_GIVE_UP_MS));
  let purged = 0;
  for (const row of rows) {
    if (row.storageKey) await deps.storage.delete(row.storageKey);
    await deleteExport(deps.db, row.id);
    purged += 1;
  }
  return purged;
}
