import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Logger } from '../../log.js';
import type { Hub } from '../../realtime/hub.js';

/**
 * tus's lock on an upload, for several API processes: any of them may receive an upload's next
 * PATCH. A phone whose link stalled gives up on its PATCH and sends HEAD and PATCH again, while
 * the old request may still be open on another process (the server has not seen the dead link
 * yet). tus's own MemoryLocker makes the new request stop the old one only within one process;
 * across two, both would write the same upload at once, and on S3 their parts collide.
 *
 * The lock is a Redis key (SET NX) with a lease the holder renews, so a dead process's lock
 * lapses; a request that finds it taken asks the holder to let go through the hub (the same
 * Redis pub/sub as live events), and the holder ends its request as tus's MemoryLocker does.
 * While Redis fails, locks fall back to this process's memory: uploads go on, guarded as with
 * one process, and the failure is logged.
 */
const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;
/** How long a request waits for the lock before tus answers it with 500 ERR_LOCK_TIMEOUT. */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 50;
/** The holder is asked again this often: it may have joined its channel after the first ask. */
const ASK_AGAIN_MS = 1000;

/** Deletes or extends the key only while it still holds this lock's token. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export function sharedUploadLocker(
  redis: Redis,
  hub: Hub,
  log: Logger,
  prefix = 'saathi:tus-lock:',
): Locker {
  const local = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS });
  return { newLock: (id) => new SharedLock(id, { redis, hub, log, prefix, local }) };
}

interface Shared {
  redis: Redis;
  hub: Hub;
  log: Logger;
  prefix: string;
  local: MemoryLocker;
}

class SharedLock implements Lock {
  private held: { token: string; stop(): void } | null = null;
  private fallback: Lock | null = null;

  constructor(
    private readonly id: string,
    private readonly shared: Shared,
  ) {}

  private get key() {
    return this.shared.prefix + this.id;
  }

  private get channel() {
    return `tus-release:${this.id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, hub, log } = this.shared;
    const token = randomUUID();
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    let askedAt = 0;
    try {
      while ((await redis.set(this.key, token, 'PX', LEASE_MS, 'NX')) !== 'OK') {
        if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        if (Date.now() - askedAt >= ASK_AGAIN_MS) {
          askedAt = Date.now();
          await hub.publish(this.channel, 'release', null);
        }
        await sleep(RETRY_MS, undefined, { signal }).catch(() => undefined);
      }
    } catch (error) {
      if (error === ERRORS.ERR_LOCK_TIMEOUT) throw error;
      log.warn({ err: error, uploadKey: this.id }, 'upload lock: Redis failed, locking in memory');
      this.fallback = this.shared.local.newLock(this.id);
      await this.fallback.lock(signal, requestRelease);
      return;
    }
    const asked = hub.subscribe(this.channel, () => void requestRelease());
    const renewal = setInterval(() => {
      redis.eval(RENEW, 1, this.key, token, LEASE_MS).then(
        (kept) => {
          // Lapsed and taken (this process stalled past the lease): stop writing at once.
          if (kept === 0) void requestRelease();
        },
        (err: unknown) => log.warn({ err, uploadKey: this.id }, 'upload lock not renewed'),
      );
    }, RENEW_EVERY_MS);
    this.held = {
      token,
      stop() {
        clearInterval(renewal);
        asked.leave();
      },
    };
  }

  async unlock(): Promise<void> {
    if (this.fallback) {
      const fallback = this.fallback;
      this.fallback = null;
      await fallback.unlock();
      return;
    }
    const held = this.held;
    if (!held) throw new Error('Releasing an unlocked lock!');
    this.held = null;
    held.stop();
    await this.shared.redis
      .eval(RELEASE, 1, this.key, held.token)
      .catch((err: unknown) =>
        this.shared.log.warn({ err, uploadKey: this.id }, 'upload lock not released'),
      );
  }
}
