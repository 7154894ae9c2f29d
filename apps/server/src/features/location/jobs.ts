import type { Db } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { purgeLocationHistory } from './purge-job.js';

const QUEUE = 'location.purge-history';

export function locationJobs(deps: { db: Db }): FeatureJobs {
  return {
    /** Hourly, so each run deletes an hour's worth of rows rather than a day's in one go. */
    async startWorkers(boss) {
      await boss.createQueue(QUEUE);
      await boss.schedule(QUEUE, '23 * * * *', {}, { tz: 'Asia/Kolkata' });
      await boss.work(QUEUE, () => purgeLocationHistory(deps.db));
    },
  };
}
