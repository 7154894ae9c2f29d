import type { Logger } from '../log.js';
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
import { removeLeftoverWorkDirs } from '../media/work-dir.js';
import { createBoss } from './boss.js';
import { createNotificationService } from '../features/notifications/service.js';
import { pushServiceHosts, type PushPolicy } from '../features/notifications/push-target.js';
import { startVaultJobs } from '../features/vault/expiry-job.js';
import { startLocationJobs } from '../features/location/purge-job.js';
import { startSalahJobs } from '../features/salah/reminder-job.js';
import { startUploadJobs } from '../features/uploads/expiry-job.js';
import { createAccountQueues, startAccountJobs } from '../features/account/jobs.js';
import type { UploadStore } from '../features/uploads/store.js';
import {
  defaultSalahPlace,
  identityImageRetentionDefaultDays,
  mediaDefaults,
  type Config,
} from '../config.js';
import type { Hub } from '../realtime/hub.js';
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
 * Starts pg-boss, creates every queue (senders need them to exist) and, when `workers`,
 * the workers too: the API process runs them by default, `npm run worker` on its own.
 */
export async function startJobs(opts: {
  database: Database;
  storage: Storage;
  log: Logger;
  workers: boolean;
  /** Contact for push services (VAPID subject), e.g. mailto:support@... */
  pushSubject: string;
  /** Where Web Push may go; the browsers' push services on public addresses when left out. */
  push?: PushPolicy;
  /** Live events of notifications that scheduled jobs create. */
  hub: Hub;
  /** Where the Dhuhr reminder is computed for users with no known location. */
  salahDefault?: { latitude: number; longitude: number };
  /** Where resumable uploads wait (features/uploads/store.ts), for their expiry job. */
  uploadStore: UploadStore;
  /** Post transcoding settings; the defaults of config.ts when left out. */
  media?: Config['media'];
  /** Days identity images are kept after the verification decision; config's default when left out. */
  identityImageDays?: number;
  /** Encrypts data downloads in private storage and reads the vault into them. */
  fileKey: Buffer;
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
    await createAccountQueues(boss);
    if (!opts.workers) return;
    removeLeftovers(opts.storage, opts.log);
    await startMaintenance(boss, opts.database.db);
    const media = opts.media ?? mediaDefaults();
    await startFeedWorkers(
      boss,
      {
        db: opts.database.db,
        storage: opts.storage,
        log: opts.log,
        videoTimeLimit: { maxSec: media.videoTimeLimitSec },
      },
      { database: opts.database, concurrency: media.concurrency },
    );
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
    await startUploadJobs(boss, { db: opts.database.db, store: opts.uploadStore, log: opts.log });
    await startAccountJobs(boss, {
      db: opts.database.db,
      storage: opts.storage,
      uploadStore: opts.uploadStore,
      hub: opts.hub,
      log: opts.log,
      identityImageDays: opts.identityImageDays ?? identityImageRetentionDefaultDays,
      fileKey: opts.fileKey,
      notifier,
    });
    await startSalahJobs(boss, {
      db: opts.database.db,
      notifier,
      fallback: opts.salahDefault ?? defaultSalahPlace,
    });
    await startNotificationWorkers(boss, {
      db: opts.database.db,
      log: opts.log,
      subject: opts.pushSubject,
      policy: opts.push ?? {
        allowedHosts: pushServiceHosts,
        allowHttp: false,
        allowPrivate: false,
      },
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
