import { resolve } from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from './log.js';
import pino from 'pino';
import type { Config } from './config.js';
import { protectDataDir } from './data-dir.js';
import { openDatabase, type Database } from './db/client.js';
import { withLocalFallback } from './auth/fallback-limiter.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { httpSmsSender, outboxSmsSender, type SmsSender } from './sms/sender.js';
import { localStorage } from './storage/local.js';
import { checkBucket, s3Client, s3Storage } from './storage/s3.js';
import type { Storage } from './storage/storage.js';
import { memoryHub, redisHub, type Hub } from './realtime/hub.js';
import { connectRedis } from './realtime/redis-client.js';

export interface Runtime {
  database: Database;
  storage: Storage;
  limiter: RateLimiter;
  redis: Redis | undefined;
  hub: Hub;
  smsFor(log: Logger): SmsSender;
  close(): Promise<void>;
}

/** The infrastructure the configuration asks for: embedded by default, real engines when set. */
export async function openRuntime(
  config: Config,
  log: Logger = pino({ level: config.logLevel }),
): Promise<Runtime> {
  // Before the database or the storage writes anything there.
  await protectDataDir(config.dataDir);
  const files = await openStorage(config);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // PGlite copies a new database's files in with mode 0666, whatever the umask.
  if (database.kind === 'pglite') await protectDataDir(config.dataDir);
  const { redis, hub, limiter } = await openShared(config.redisUrl, config.redisTimeoutMs, log);
  return {
    database,
    storage: files.storage,
    limiter,
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

/**
 * What the processes share through Redis when REDIS_URL is set (rate limits, live events),
 * else this process's memory. Every Redis call is bounded by `timeoutMs`: a stalled or dead
 * Redis degrades the app (limits per process, no cross-process live events) but never holds a
 * sign-in or a help request; `/api/health` reports it.
 */
export async function openShared(
  redisUrl: string | undefined,
  timeoutMs: number,
  log: Logger,
): Promise<{ redis: Redis | undefined; hub: Hub; limiter: RateLimiter }> {
  if (!redisUrl) return { redis: undefined, hub: memoryHub(), limiter: memoryRateLimiter() };
  // commandTimeout: a stalled Redis (connected, never answering) fails commands instead of
  // queueing them forever.
  const redis = await connectRedis(redisUrl, {
    maxRetriesPerRequest: 2,
    commandTimeout: timeoutMs,
  });
  // Each reconnect attempt emits an error; the limiter's warning and health report the outage.
  redis.on('error', () => undefined);
  return {
    redis,
    hub: await redisHub(redisUrl, undefined, { timeoutMs }),
    limiter: withLocalFallback(redisRateLimiter(redis), { timeoutMs, log }),
  };
}

/** S3 when a bucket is configured (reachability checked before anything starts), else disk. */
async function openStorage(config: Config): Promise<{ storage: Storage; close(): void }> {
  if (!config.s3) {
    return { storage: localStorage(resolve(config.dataDir, 'storage')), close: () => undefined };
  }
  const client = await s3Client(config.s3);
  await checkBucket(client, config.s3.bucket);
  return {
    storage: s3Storage(client, config.s3.bucket, config.s3.prefix),
    close: () => client.destroy(),
  };
}
