import type PgBoss from 'pg-boss';
import { PROCESS_CAUTION_QUEUE } from './caution-media.js';
import { processCaution, type CautionProcessDeps } from './process-caution.js';

export async function createDirectoryQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(PROCESS_CAUTION_QUEUE);
}

/** One caution at a time per worker, like posts: ffmpeg uses every core it is given. */
export async function startDirectoryWorkers(boss: PgBoss, deps: CautionProcessDeps): Promise<void> {
  await boss.work<{ cautionId: string }>(
    PROCESS_CAUTION_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) {
        await processCaution(deps, job.data.cautionId, job.retryCount >= job.retryLimit);
      }
    },
  );
}
