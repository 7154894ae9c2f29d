import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { createDirectoryQueues, startDirectoryWorkers } from '../features/directory/worker.js';
import { createFeedQueues, startFeedWorkers } from '../features/feed/worker.js';
import { createVoiceQueues, startVoiceWorkers } from '../features/voice/worker.js';
import {
  createNotificationQueues,
  startNotificationWorkers,
} from '../features/notifications/worker.js';
import type { Storage } from '../storage/storage.js';
import { createBoss } from './boss.js';
import { createNotificationService } from '../features/notifications/service.js';
import { startVaultJobs } from '../features/vault/expiry-job.js';
import { startLocationJobs } from '../features/location/purge-job.js';
import { startSalahJobs } from '../features/salah/reminder-job.js';
import { defaultSalahPlace } from '../config.js';
import type { Hub } from '../realtime/hub.js';
import { startMaintenance } from './maintenance.js';
import { bossQueue, type JobQueue } from './queue.js';

export interface Jobs {
  boss: PgBoss;
  queue: JobQueue;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss, creates every queue (senders need them to exist) and, when `workers`,
 * the workers too: the API process runs them by default, `npm run worker` on its own.
 */
export async function startJobs(opts: {
  database: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  workers: boolean;
  /** Contact for push services (VAPID subject), e.g. mailto:support@... */
  pushSubject: string;
  /** Live events of notifications that scheduled jobs create. */
  hub: Hub;
  /** Where the Dhuhr reminder is computed for users with no known location. */
  salahDefault?: { latitude: number; longitude: number };
}): Promise<Jobs> {
  const boss = createBoss(opts.database);
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  // pg-boss creates its schema, queues and schedules with DDL and upserts; several processes
  // starting at once would collide (duplicate schema, deadlocks), so they take turns.
  await opts.database.exclusive(async () => {
    await boss.start();
    await createFeedQueues(boss);
    await createDirectoryQueues(boss);
    await createNotificationQueues(boss);
    await createVoiceQueues(boss);
    if (!opts.workers) return;
    await startMaintenance(boss, opts.database.db);
    await startFeedWorkers(boss, { db: opts.database.db, storage: opts.storage, log: opts.log });
    await startDirectoryWorkers(boss, {
      db: opts.database.db,
      storage: opts.storage,
      log: opts.log,
    });
    await startVoiceWorkers(boss, {
      db: opts.database.db,
      storage: opts.storage,
      hub: opts.hub,
      log: opts.log,
    });
    const notifier = createNotificationService({
      db: opts.database.db,
      hub: opts.hub,
      jobs: bossQueue(boss),
      log: opts.log,
    });
    await startVaultJobs(boss, { db: opts.database.db, notifier });
    await startLocationJobs(boss, { db: opts.database.db });
    await startSalahJobs(boss, {
      db: opts.database.db,
      notifier,
      fallback: opts.salahDefault ?? defaultSalahPlace,
    });
    await startNotificationWorkers(boss, {
      db: opts.database.db,
      log: opts.log,
      subject: opts.pushSubject,
    });
  });
  return {
    boss,
    queue: bossQueue(boss),
    async stop() {
      await boss.stop({ graceful: true, timeout: 20_000, wait: true });
    },
  };
}
