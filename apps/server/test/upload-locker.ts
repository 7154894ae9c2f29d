import type { Locker } from '@tus/server';
import pino from 'pino';
import { sharedUploadLocker } from '../src/features/uploads/shared-locker.js';
import type { Hub } from '../src/realtime/hub.js';
import { connectRedis } from '../src/realtime/redis-client.js';

/**
 * With REDIS_URL (CI), a test app locks uploads through Redis as production's processes do,
 * under its hub's prefix, so only its peers (startPeerApp) share its locks.
 */
export async function testUploadLocker(
  hub: Hub,
  hubPrefix: string | undefined,
): Promise<{ locker?: Locker; close(): void }> {
  const url = process.env.REDIS_URL;
  if (!url || hubPrefix === undefined) return { close: () => undefined };
  const redis = await connectRedis(url, { maxRetriesPerRequest: 2 });
  return {
    locker: sharedUploadLocker(redis, hub, pino({ level: 'silent' }), `${hubPrefix}tus-lock:`),
    close: () => redis.disconnect(),
  };
}
