import type { Logger } from '../../log.js';
import type { Db } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { expireUploads } from './expiry-job.js';
import type { UploadStore } from './store.js';

const QUEUE = 'uploads.expire';

export function uploadJobs(deps: { db: Db; store: UploadStore; log: Logger }): FeatureJobs {
  return {
    /** Hourly: an unfinished upload lives at most its 24 hours and one more. */
    async startWorkers(boss) {
      await boss.createQueue(QUEUE);
      await boss.schedule(QUEUE, '41 * * * *', {}, { tz: 'Asia/Kolkata' });
      await boss.work(QUEUE, async () => {
        await expireUploads(deps.db, deps.store, deps.log);
      });
    },
  };
}
