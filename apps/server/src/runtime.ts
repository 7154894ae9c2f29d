import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { httpSmsSender, outboxSmsSender, type SmsSender } from './sms/sender.js';
import { localStorage } from './storage/local.js';
import type { Storage } from './storage/storage.js';
import { memoryHub, redisHub, type Hub } from './realtime/hub.js';

export interface Runtime {
  database: Database;
  storage: Storage;
  limiter: RateLimiter;
  redis: Redis | undefined;
  hub: Hub;
  smsFor(log: FastifyBaseLogger): SmsSender;
  close(): Promise<void>;
}

/** The infrastructure the configuration asks for: embedded by default, real engines when set. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const hub = config.redisUrl ? redisHub(config.redisUrl) : memoryHub();
  return {
    database,
    storage: localStorage(resolve(config.dataDir, 'storage')),
    limiter: redis ? redisRateLimiter(redis) : memoryRateLimiter(),
    redis,
    hub,
    smsFor(log) {
      return config.sms.provider === 'http' && config.sms.httpUrl
        ? httpSmsSender(config.sms.httpUrl, config.sms.httpToken)
        : outboxSmsSender(resolve(config.dataDir, 'sms-outbox.jsonl'), log);
    },
    async close() {
      await hub.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
