import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { httpSmsSender, outboxSmsSender, type SmsSender } from './sms/sender.js';
import { localStorage } from './storage/local.js';
import { checkBucket, s3Client, s3Storage } from './storage/s3.js';
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
  const files = await openStorage(config);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 })
    : undefined;
  const hub = config.redisUrl ? redisHub(config.redisUrl) : memoryHub();
  return {
    database,
    storage: files.storage,
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
      files.close();
      await database.close();
    },
  };
}

/** S3 when a bucket is configured (reachability checked before anything starts), else disk. */
async function openStorage(config: Config): Promise<{ storage: Storage; close(): void }> {
  if (!config.s3) {
    return { storage: localStorage(resolve(config.dataDir, 'storage')), close: () => undefined };
  }
  const client = s3Client(config.s3);
  await checkBucket(client, config.s3.bucket);
  return {
    storage: s3Storage(client, config.s3.bucket, config.s3.prefix),
    close: () => client.destroy(),
  };
}
