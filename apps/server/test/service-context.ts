import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { memoryRateLimiter } from '../src/auth/rate-limiter.js';
import type { Viewer } from '../src/auth/viewer.js';
import type { Database } from '../src/db/client.js';
import type { users } from '../src/db/schema/index.js';
import { openUploadStore } from '../src/features/uploads/store.js';
import type { JobQueue } from '../src/jobs/queue.js';
import { memoryHub, type Hub } from '../src/realtime/hub.js';
import { createServices } from '../src/services-root.js';
import { outboxSmsSender } from '../src/sms/sender.js';
import { localStorage } from '../src/storage/local.js';
import { freshDatabase } from './database.js';
import { quickUser } from './feed-helpers.js';
import { testConfig } from './test-config.js';

/**
 * The middle tier of tests (Immich's "medium" tests): the services on a real, migrated
 * database, wired by the same createServices() as app.ts, with no Fastify and no HTTP. A file
 * takes one context in beforeAll, so a test costs a few statements, not an app start. Business rules
 * are tested here; the HTTP contract, auth and bad input in the *.test.ts files that go
 * through test/harness.ts.
 */
export async function startServices() {
  const dataDir = await mkdtemp(join(tmpdir(), 'saathi-services-'));
  const database: Database = await freshDatabase();
  const config = testConfig(dataDir);
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
  const services = createServices({
    config,
    db: database.db,
    storage,
    sms: outboxSmsSender(join(dataDir, 'outbox.jsonl'), log),
    limiter: memoryRateLimiter(),
    jobs,
    hub,
    log,
    uploadStore: await openUploadStore(config),
  });

  return {
    ...services,
    database,
    hub,
    queued,

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
