import type { Db } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import type { Notifier } from '../notifications/index.js';
import { vaultHousekeeping } from './expiry-job.js';

const QUEUE = 'vault.expiry';

export function vaultJobs(deps: { db: Db; notifier: Notifier }): FeatureJobs {
  return {
    /** Every morning in India, before drivers set out. */
    async startWorkers(boss) {
      await boss.createQueue(QUEUE);
      await boss.schedule(QUEUE, '5 8 * * *', {}, { tz: 'Asia/Kolkata' });
      await boss.work(QUEUE, () => vaultHousekeeping(deps));
    },
  };
}
