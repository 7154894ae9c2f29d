import type PgBoss from 'pg-boss';
import { messages } from '@saathi/contract';
import type { Database } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { withLease } from '../../jobs/lease.js';
import {
  BACKFILL_MEDIA_QUEUE,
  backfillPostMedia,
  backfillQueuePolicy,
  queueMediaBackfill,
} from './media-backfill.js';
import { markPostFailed } from './posts.queries.js';
import { PROCESS_POST_QUEUE } from './posts.service.js';
import { processPost, type ProcessDeps } from './process-post.js';
import { sweepFailedRawFiles } from './raw-sweep.js';

/** Where pg-boss puts a post's job once no retry is left, whichever way it failed. */
const POST_GAVE_UP_QUEUE = 'post.process.gave-up';
const SWEEP_RAW_QUEUE = 'post.sweep-raw';

export async function createFeedQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(POST_GAVE_UP_QUEUE);
  await boss.createQueue(PROCESS_POST_QUEUE);
  // Set apart from createQueue, which leaves a queue made by an earlier version as it was.
  await boss.updateQueue(PROCESS_POST_QUEUE, {
    name: PROCESS_POST_QUEUE,
    deadLetter: POST_GAVE_UP_QUEUE,
  });
  await boss.createQueue(SWEEP_RAW_QUEUE);
  await boss.createQueue(BACKFILL_MEDIA_QUEUE, backfillQueuePolicy);
}

export function feedJobs(
  deps: ProcessDeps,
  opts: { database: Database; concurrency: number },
): FeatureJobs {
  return {
    createQueues: createFeedQueues,
    startWorkers: (boss) => startFeedWorkers(boss, deps, opts),
  };
}

/**
 * `concurrency` posts at a time per process, each polling on its own: one slow clip no
 * longer holds every other driver's post. ffmpeg uses every core it finds, so the default
 * leaves one core to the rest (config.ts).
 */
async function startFeedWorkers(
  boss: PgBoss,
  deps: ProcessDeps,
  opts: { database: Database; concurrency: number },
): Promise<void> {
  for (let i = 0; i < opts.concurrency; i++) {
    await boss.work<{ postId: string }>(
      PROCESS_POST_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        await withLease(opts.database, job, deps.log, () =>
          processPost(deps, job.data.postId, job.retryCount >= job.retryLimit),
        );
      },
    );
  }
  // A job that expired on its last try (its worker was killed) never reached processPost's
  // last-attempt branch: without this the post would stay 'processing' for ever.
  await boss.work<{ postId: string }>(POST_GAVE_UP_QUEUE, async (jobs) => {
    for (const job of jobs) {
      await markPostFailed(deps.db, job.data.postId, messages.processing_failed);
    }
  });
  // One backfill job at a time per process, polled slowly: it is never in a hurry.
  await boss.work<{ postId: string }>(
    BACKFILL_MEDIA_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 5 },
    async ([job]) => {
      if (!job) return;
      await withLease(opts.database, job, deps.log, () => backfillPostMedia(deps, job.data.postId));
    },
  );
  // In the background: a large table's list must not hold up the start. Each start asks
  // again, so posts an interrupted run left are picked up; the queue drops repeats.
  void queueMediaBackfill(boss, deps.db).then(
    (queued) => {
      if (queued > 0) deps.log.info({ queued }, 'media backfill queued');
    },
    (err: unknown) => deps.log.warn({ err }, 'could not queue the media backfill'),
  );
  await boss.schedule(SWEEP_RAW_QUEUE, '41 * * * *', {}, { tz: 'Asia/Kolkata' });
  await boss.work(SWEEP_RAW_QUEUE, async () => {
    const swept = await sweepFailedRawFiles(deps);
    if (swept > 0) deps.log.info({ swept }, 'raw uploads of failed posts deleted');
  });
}
