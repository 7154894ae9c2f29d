import type PgBoss from 'pg-boss';
import { PROCESS_POST_QUEUE } from './posts.service.js';
import { processPost, type ProcessDeps } from './process-post.js';

export async function createFeedQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(PROCESS_POST_QUEUE);
}

/** One post at a time per worker: ffmpeg already uses every core it is given. */
export async function startFeedWorkers(boss: PgBoss, deps: ProcessDeps): Promise<void> {
  await boss.work<{ postId: string }>(
    PROCESS_POST_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) {
        await processPost(deps, job.data.postId, job.retryCount >= job.retryLimit);
      }
    },
  );
}
