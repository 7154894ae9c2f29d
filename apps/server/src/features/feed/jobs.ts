import type PgBoss from 'pg-boss';
import { messages } from '@saathi/contract';
import type { Database } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { createLeasedQueue, workLeased } from '../../jobs/leased-queue.js';
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

const SWEEP_RAW_QUEUE = 'post.sweep-raw';

export async function createFeedQueues(boss: PgBoss): Promise<void> {
  await createLeasedQueue(boss, PROCESS_POST_QUEUE);
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
  await workLeased<{ postId: string }>(boss, {
    database: opts.database,
    log: deps.log,
    queue: PROCESS_POST_QUEUE,
    concurrency: opts.concurrency,
    work: (data, isLastAttempt) => processPost(deps, data.postId, isLastAttempt),
    gaveUp: (data) => markPostFailed(deps.db, data.postId, messages.processing_failed),
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
