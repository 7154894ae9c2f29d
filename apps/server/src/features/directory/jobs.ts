import type { Database } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { createLeasedQueue, workLeased } from '../../jobs/leased-queue.js';
import { PROCESS_CAUTION_QUEUE } from './caution-media.js';
import { giveUpCaution, processCaution, type CautionProcessDeps } from './process-caution.js';

export function directoryJobs(deps: CautionProcessDeps, database: Database): FeatureJobs {
  return {
    createQueues: (boss) => createLeasedQueue(boss, PROCESS_CAUTION_QUEUE),
    /** One caution at a time per worker, like posts: ffmpeg uses every core it is given. */
    startWorkers: (boss) =>
      workLeased<{ cautionId: string }>(boss, {
        database,
        log: deps.log,
        queue: PROCESS_CAUTION_QUEUE,
        work: (data, isLastAttempt) => processCaution(deps, data.cautionId, isLastAttempt),
        gaveUp: (data) => giveUpCaution(deps, data.cautionId),
      }),
  };
}
