import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { memoryRateLimiter } from '../src/auth/rate-limiter.js';
import { memoryHub, redisHub, type Hub } from '../src/realtime/hub.js';
import { outboxSmsSender } from '../src/sms/sender.js';
import pino from 'pino';
import { join } from 'node:path';
import type { TestApp } from './harness.js';
import { testUploadLocker } from './upload-locker.js';

export interface PeerApp {
  app: FastifyInstance;
  hub: Hub;
  close(): Promise<void>;
}

/**
 * A second API process on the SAME database, storage and secrets as `t` (as behind a load
 * balancer). With REDIS_URL its hub joins t's Redis channels (same prefix), so events
 * published by one app reach SSE clients of the other; without it the hubs are separate.
 */
export async function startPeerApp(t: TestApp): Promise<PeerApp> {
  const hub =
    process.env.REDIS_URL && t.hubPrefix
      ? await redisHub(process.env.REDIS_URL, t.hubPrefix)
      : memoryHub();
  const uploadLock = await testUploadLocker(hub, t.hubPrefix);
  const app = await buildApp({
    uploadLocker: uploadLock.locker,
    jobs: t.jobs.queue,
    hub,
    config: t.config,
    database: t.database,
    storage: t.storage,
    sms: outboxSmsSender(join(t.dataDir, 'peer-outbox.jsonl'), pino({ level: 'silent' })),
    limiter: memoryRateLimiter(),
    pluginTimeoutMs: 60_000,
  });
  await app.ready();
  return {
    app,
    hub,
    async close() {
      await app.close();
      uploadLock.close();
      await hub.close();
    },
  };
}
