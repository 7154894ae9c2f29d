import type { Redis, RedisOptions } from 'ioredis';

let loading: Promise<typeof Redis> | undefined;

/**
 * A Redis connection, with ioredis imported on the first one: a process without REDIS_URL
 * never makes one, so it does not pay for loading the client at start-up.
 */
export async function connectRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  loading ??= import('ioredis').then((module) => module.Redis);
  const RedisClient = await loading;
  return new RedisClient(url, options);
}
