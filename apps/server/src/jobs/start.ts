import type { Logger } from '../log.js';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Storage } from '../storage/storage.js';
import { removeLeftoverWorkDirs } from '../media/work-dir.js';
import { createBoss } from './boss.js';
import type { FeatureJobs } from './feature-jobs.js';
import { startMaintenance } from './maintenance.js';
import { bossQueue, type JobQueue } from './queue.js';

/**
 * What a worker killed mid-job left (work folders, half-written files) goes at start-up,
 * in the background: walking a large store must not delay taking jobs.
 */
function removeLeftovers(storage: Storage, log: Logger): void {
  void Promise.all([removeLeftoverWorkDirs(), storage.removeLeftovers?.() ?? 0]).then(
    ([folders, files]) => {
      if (folders + files > 0) log.info({ folders, files }, 'removed what a crash left');
    },
    (err: unknown) => log.warn({ err }, 'could not remove what a crash left'),
  );
}

export interface Jobs {
  boss: PgBoss;
  queue: JobQueue;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss, creates every feature's queues (senders need them to exist) and, when
 * `workers`, the workers and schedules too: the API process runs them by default,
 * `npm run worker` on its own. Which features have jobs is the composition root's business
 * (jobs-root.ts); this file knows none of them.
 */
export async function startJobSystem(opts: {
  database: Database;
  storage: Storage;
  log: Logger;
  workers: boolean;
  /** Each feature's jobs, in the order their workers start, given the queue they send to. */
  features: (queue: JobQueue) => FeatureJobs[];
}): Promise<Jobs> {
  // Maintenance (expiring a dead worker's jobs, archiving) and schedules are the workers'
  // part: an API process that runs none (RUN_WORKERS=false) leaves them to the worker process,
  // instead of polling the database on timers of its own.
  const boss = createBoss(opts.database, opts.workers ? {} : { supervise: false, schedule: false });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  const queue = bossQueue(boss);
  const features = opts.features(queue);
  // pg-boss creates its schema, queues and schedules with DDL and upserts; several processes
  // starting at once would collide (duplicate schema, deadlocks), so they take turns.
  await opts.database.exclusive(async () => {
    await boss.start();
    for (const feature of features) await feature.createQueues?.(boss);
    if (!opts.workers) return;
    removeLeftovers(opts.storage, opts.log);
    await startMaintenance(boss, opts.database.db);
    for (const feature of features) await feature.startWorkers(boss);
  });
  return {
    boss,
    queue,
    async stop() {
      await boss.stop({ graceful: true, timeout: 20_000, wait: true });
    },
  };
}
