import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { PROCESS_CAUTION_QUEUE } from './caution-media.js';
import { processCaution, type CautionProcessDeps } from './process-caution.js';

export function directoryJobs(deps: CautionProcessDeps): FeatureJobs {
  return {
    async createQueues(boss) {
      await boss.createQueue(PROCESS_CAUTION_QUEUE);
    },
    /** One caution at a time per worker, like posts: ffmpeg uses every core it is given. */
    async startWorkers(boss) {
      await boss.work<{ cautionId: string }>(
        PROCESS_CAUTION_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) {
            await processCaution(deps, job.data.cautionId, job.retryCount >= job.retryLimit);
          }
        },
      );
    },
  };
}
