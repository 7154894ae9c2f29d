import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { redisHub, type Hub } from '../../realtime/hub.js';
import { connectRedis } from '../../realtime/redis-client.js';
import { sharedUploadLocker } from './shared-locker.js';

const url = process.env.REDIS_URL;

/** Two API processes' lockers: each its own Redis connections, one prefix between them. */
describe.runIf(url)('the upload lock shared by API processes', () => {
  const prefix = `saathi-test-${randomUUID()}:`;
  const opened: { redis: Redis; hub: Hub }[] = [];
  async function processLocker() {
    const redis = await connectRedis(url ?? '', { maxRetriesPerRequest: 2 });
    const hub = await redisHub(url ?? '', prefix);
    opened.push({ redis, hub });
    return sharedUploadLocker(redis, hub, pino({ level: 'silent' }), `${prefix}tus-lock:`);
  }
  afterAll(async () => {
    for (const { redis, hub } of opened) {
      redis.disconnect();
      await hub.close();
    }
  });

  it("asks the other process's request to let go, and takes the lock once it has", async () => {
    const [a, b] = [await processLocker(), await processLocker()];
    const events: string[] = [];
    const first = a.newLock('upload-1');
    await first.lock(new AbortController().signal, async () => {
      // The old request ends as tus's does when asked: it unlocks.
      events.push('asked');
      await new Promise((r) => setTimeout(r, 200));
      events.push('released');
      await first.unlock();
    });
    const second = b.newLock('upload-1');
    await second.lock(new AbortController().signal, () => undefined);
    events.push('taken');
    expect(events).toEqual(['asked', 'released', 'taken']);
    await second.unlock();
  });

  it('keeps different uploads apart, and stops waiting when its request goes away', async () => {
    const [a, b] = [await processLocker(), await processLocker()];
    const held = a.newLock('upload-2');
    await held.lock(new AbortController().signal, () => undefined);
    const other = b.newLock('upload-3');
    await other.lock(new AbortController().signal, () => undefined);
    await other.unlock();
    // A request that gives up waiting (its client went away) stops trying at once.
    const waiting = new AbortController();
    const started = Date.now();
    const attempt = b.newLock('upload-2').lock(waiting.signal, () => undefined);
    setTimeout(() => waiting.abort(), 300);
    await expect(attempt).rejects.toMatchObject({ status_code: 500 });
    expect(Date.now() - started).toBeLessThan(5000);
    await held.unlock();
  });
});
