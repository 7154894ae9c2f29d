import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Viewer } from '../src/auth/viewer.js';
import { attentionAnnouncer } from '../src/console/attention.js';
import type { Database, Db } from '../src/db/client.js';
import type { users } from '../src/db/schema/index.js';
import { createCommentService } from '../src/features/feed/comments.service.js';
import { createLikeService } from '../src/features/feed/likes.service.js';
import { createPostService } from '../src/features/feed/posts.service.js';
import { createReportService } from '../src/features/feed/reports.service.js';
import { createFollowService } from '../src/features/follows/service.js';
import { createPostModerationService } from '../src/features/moderation/service.js';
import { createNotificationService } from '../src/features/notifications/service.js';
import { createUploadService } from '../src/features/uploads/service.js';
import { openUploadStore } from '../src/features/uploads/store.js';
import type { JobQueue } from '../src/jobs/queue.js';
import { memoryHub, type Hub } from '../src/realtime/hub.js';
import { localStorage } from '../src/storage/local.js';
import { freshDatabase } from './database.js';
import { quickUser } from './feed-helpers.js';

/**
 * The middle tier of tests (Immich's "medium" tests): the services on a real, migrated
 * database, wired as app.ts wires them, with no Fastify and no HTTP. A file takes one
 * context in beforeAll, so a test costs a few statements, not an app start. Business rules
 * are tested here; the HTTP contract, auth and bad input in the *.test.ts files that go
 * through test/harness.ts.
 */
export async function startServices() {
  const dataDir = await mkdtemp(join(tmpdir(), 'saathi-services-'));
  const database: Database = await freshDatabase();
  const db: Db = database.db;
  const config = { jwtSecret: randomBytes(32), dataDir, s3: undefined };
  const log = pino({ level: 'silent' });
  const hub: Hub = memoryHub();
  const storage = localStorage(join(dataDir, 'storage'));
  /** Every job a service queued, oldest first; nothing runs them (the worker tests do). */
  const queued: { queue: string; data: object }[] = [];
  const jobs: JobQueue = {
    async send(queue, data) {
      queued.push({ queue, data });
    },
  };
  const notifications = createNotificationService({ db, hub, jobs, log });
  const uploads = createUploadService({
    db,
    store: await openUploadStore(config),
    storage,
    log,
  });
  const posts = createPostService({ db, storage, jobs, log, uploads });

  return {
    database,
    hub,
    queued,
    notifications,
    posts,
    follows: createFollowService({ db, notifier: notifications }),
    likes: createLikeService({ db, notifier: notifications }),
    comments: createCommentService({ db, notifier: notifications }),
    reports: createReportService({ db, attentionChanged: attentionAnnouncer(db, hub, log) }),
    moderation: createPostModerationService({ db, posts, notifier: notifications, hub, log }),

    /** A new account, signed in: what authenticate() hands a service for its caller. */
    async viewer(overrides: Partial<typeof users.$inferInsert> = {}): Promise<Viewer> {
      const { user, sessionId } = await quickUser({ database, config }, overrides);
      return { user, sessionId };
    },

    async close() {
      await hub.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Services = Awaited<ReturnType<typeof startServices>>;
