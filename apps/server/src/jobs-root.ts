import type { Logger } from './log.js';
import type { Database } from './db/client.js';
import type { Storage } from './storage/storage.js';
import type { Hub } from './realtime/hub.js';
import type { Runtime } from './runtime.js';
import {
  defaultSalahPlace,
  identityImageRetentionDefaultDays,
  mediaDefaults,
  type Config,
} from './config.js';
import type { FeatureJobs } from './jobs/feature-jobs.js';
import type { JobQueue } from './jobs/queue.js';
import { startJobSystem, type Jobs } from './jobs/start.js';
import { pushServiceHosts, type PushPolicy } from './push-policy.js';
import { accountJobs } from './features/account/jobs.js';
import { directoryJobs } from './features/directory/jobs.js';
import { feedJobs } from './features/feed/jobs.js';
import { locationJobs } from './features/location/jobs.js';
import { notificationJobs } from './features/notifications/jobs.js';
import { createNotificationService } from './features/notifications/service.js';
import { salahJobs } from './features/salah/jobs.js';
import { uploadJobs } from './features/uploads/jobs.js';
import { openUploadStore, type UploadStore } from './features/uploads/store.js';
import { vaultJobs } from './features/vault/jobs.js';
import { voiceJobs } from './features/voice/jobs.js';

export interface JobOptions {
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
}

/**
 * The composition root of the jobs, as app.ts is of the routes: the one place that knows
 * which features have jobs and what each is given. main.ts, worker.ts and the tests start
 * them here.
 */
export function startJobs(opts: JobOptions): Promise<Jobs> {
  return startJobSystem({
    database: opts.database,
    storage: opts.storage,
    log: opts.log,
    workers: opts.workers,
    features: (queue) => featureJobs(opts, queue),
  });
}

/** The jobs of an entry point (main.ts, worker.ts) on its runtime, every setting from the config. */
export async function startJobsFromConfig(
  config: Config,
  runtime: Runtime,
  log: Logger,
  workers: boolean,
): Promise<Jobs> {
  return startJobs({
    database: runtime.database,
    storage: runtime.storage,
    log,
    pushSubject: `mailto:${config.supportEmail}`,
    push: config.push,
    salahDefault: config.salahDefault,
    media: config.media,
    uploadStore: await openUploadStore(config),
    identityImageDays: config.identityImageRetentionDays,
    fileKey: config.fileKey,
    hub: runtime.hub,
    workers,
  });
}

function featureJobs(opts: JobOptions, queue: JobQueue): FeatureJobs[] {
  const { database, storage, log, hub } = opts;
  const db = database.db;
  const media = opts.media ?? mediaDefaults();
  const notifier = createNotificationService({ db, hub, jobs: queue, log });
  return [
    feedJobs(
      { db, storage, log, videoTimeLimit: { maxSec: media.videoTimeLimitSec } },
      { database, concurrency: media.concurrency },
    ),
    directoryJobs({ db, storage, log }, database),
    voiceJobs({ db, storage, hub, log }, database),
    vaultJobs({ db, notifier }),
    locationJobs({ db }),
    uploadJobs({ db, store: opts.uploadStore, log }),
    accountJobs({
      db,
      storage,
      uploadStore: opts.uploadStore,
      hub,
      log,
      identityImageDays: opts.identityImageDays ?? identityImageRetentionDefaultDays,
      fileKey: opts.fileKey,
      notifier,
    }),
    salahJobs({ db, notifier, fallback: opts.salahDefault ?? defaultSalahPlace }),
    notificationJobs({
      db,
      log,
      subject: opts.pushSubject,
      policy: opts.push ?? {
        allowedHosts: pushServiceHosts,
        allowHttp: false,
        allowPrivate: false,
      },
    }),
  ];
}
