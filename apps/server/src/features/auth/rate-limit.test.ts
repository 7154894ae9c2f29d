import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, rateLimits } from '@saathi/contract';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../../auth/rate-limiter.js';
import { driverForm, expectError } from '../../../test/auth.js';
import {
  filesUnder,
  newPhone,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.js';

/** 429 with the clear message and a Retry-After within the window. */
function expectTooMany(res: LightMyRequestResponse) {
  expectError(res, 429, messages.too_many_attempts, 'too_many_attempts');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(rateLimits.windowSeconds);
}

/** 429 `signin_slow_down` with a Retry-After of a few seconds: a pause, not a lock-out. */
function expectSlowDown(res: LightMyRequestResponse) {
  expectError(res, 429, messages.signin_slow_down, 'signin_slow_down');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(rateLimits.signInSpacingSeconds);
}

/**
 * Strangers send wrong passwords for an admin's number from many addresses, in bursts.
 * `pass` lets the limiter's time go by (a moved clock, or real waiting on Redis).
 */
async function expectSlowedNotLocked(t: TestApp, pass: (seconds: number) => Promise<void>) {
  const owner = await newUser(t, { usertype: 'admin' });
  const forms = formsOf(owner.user.phone);
  const signIn = (password: string, i = 0) =>
    t.app.inject({
      method: 'POST',
      url: i % 2 ? '/api/v1/login' : '/api/v1/normaluser/login',
      payload: { number: forms[i % forms.length], password },
      remoteAddress: nextIp(),
    });
  const burst = async (size: number) => {
    const answers = await Promise.all(
      Array.from({ length: size }, (_, i) => signIn('wrong-guess', i)),
    );
    return answers.map((res) => res.statusCode).sort();
  };

  // The first few wrong tries, however the number is written, go through at once, even together.
  expect(await burst(rateLimits.signInFreeTriesPerNumber)).toEqual(
    Array(rateLimits.signInFreeTriesPerNumber).fill(401),
  );
  // Then one try per spacing reaches the password check; the rest are refused before it.
  expect(await burst(10)).toEqual([401, ...Array(9).fill(429)]);
  expectSlowDown(await signIn('wrong-guess'));
  // The right password waits the same few seconds, not the 15 minutes of a lock-out ...
  expectSlowDown(await signIn(owner.password, 1));
  await pass(rateLimits.signInSpacingSeconds);
  // ... and then gets in, however many wrong tries came before it.
  expect((await signIn(owner.password, 1)).statusCode).toBe(200);
  // Signing in cleared the count: the owner's own typo is not slowed.
  expect((await signIn('wrong-guess')).statusCode).toBe(401);
  expect((await signIn(owner.password)).statusCode).toBe(200);

  // Another number is not touched by any of this.
  const other = await newUser(t);
  const otherRes = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { number: other.user.phone, password: other.password },
    remoteAddress: nextIp(),
  });
  expect(otherRes.statusCode).toBe(200);
}

/** Other forms of the same +91 number, so the per-number limit is seen to count the person. */
const formsOf = (phone: string) => {
  const ten = phone.slice(3);
  return [phone, `0${ten}`, `91${ten}`, `${ten.slice(0, 5)}-${ten.slice(5)}`, ten];
};

describe('rate limits on sign-in, sign-up and forgot-password', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    // The real limiter, on a clock the tests can move past the window.
    t = await startTestApp({ limiter: memoryRateLimiter(() => clock) });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it(`allows ${rateLimits.signInPerIp} sign-ins per IP, on both sign-in calls together`, async () => {
    const ip = nextIp();
    const account = await newUser(t);
    for (let i = 0; i < rateLimits.signInPerIp; i++) {
      const url = i % 2 ? '/api/v1/login' : '/api/v1/normaluser/login';
      const res = await post(url, { number: newPhone(), password: 'wrong-guess' }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // Refused before the password is checked, even a correct one.
    const correct = { number: account.user.phone, password: account.password };
    expectTooMany(await post('/api/v1/login', correct, ip));
    expectTooMany(await post('/api/v1/normaluser/login', correct, ip));
    expect((await post('/api/v1/login', correct, nextIp())).statusCode).toBe(200);

    clock += rateLimits.windowSeconds * 1000;
    expect((await post('/api/v1/login', correct, ip)).statusCode).toBe(200);
  });

  it('slows the tries on a number after wrong passwords, never locks its owner out', async () => {
    await expectSlowedNotLocked(t, (seconds) => {
      clock += seconds * 1000;
      return Promise.resolve();
    });
  });

  it(`allows ${rateLimits.signUpPerIp} sign-ups per IP, driver and user together`, async () => {
    const ip = nextIp();
    for (let i = 0; i < rateLimits.signUpPerIp; i++) {
      const body = { name: 'Sign Up', number: newPhone(), password: 'abcd' };
      const res = await post('/api/v1/normaluser/register', body, ip);
      expect(res.statusCode, `sign-up ${i + 1}`).toBe(200);
    }
    const number = newPhone();
    expectTooMany(
      await post('/api/v1/normaluser/register', { name: 'Late', number, password: 'abcd' }, ip),
    );
    const files = await filesUnder(t.dataDir);
    const driver = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      ...(await driverForm({ number })),
      remoteAddress: ip,
    });
    expectTooMany(driver);
    expect(await filesUnder(t.dataDir)).toEqual(files);
    const elsewhere = await post(
      '/api/v1/normaluser/register',
      { name: 'Elsewhere', number, password: 'abcd' },
      nextIp(),
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it(`allows ${rateLimits.forgotPerIp} reset requests per IP`, async () => {
    const ip = nextIp();
    for (let i = 0; i < rateLimits.forgotPerIp; i++) {
      const res = await post('/api/v1/password/forgot', { email: newPhone() }, ip);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    expectTooMany(await post('/api/v1/password/forgot', { email: newPhone() }, ip));
  });

  it(`sends at most ${rateLimits.forgotPerNumber} reset SMS per number`, async () => {
    const account = await newUser(t);
    const forms = formsOf(account.user.phone);
    const sent = t.outbox.length;
    for (let i = 0; i < rateLimits.forgotPerNumber; i++) {
      const res = await post('/api/v1/password/forgot', { email: forms[i] }, nextIp());
      expect(res.statusCode).toBe(200);
    }
    expectTooMany(await post('/api/v1/password/forgot', { email: forms[4] }, nextIp()));
    const toAccount = () => t.outbox.slice(sent).filter((m) => m.to === account.user.phone);
    // The links go out after the answers: wait for them, then leave room for a wrong fourth.
    await vi.waitFor(() => expect(toAccount()).toHaveLength(rateLimits.forgotPerNumber));
    await new Promise((r) => setTimeout(r, 50));
    expect(toAccount()).toHaveLength(rateLimits.forgotPerNumber);
  });
});

describe('memoryRateLimiter', () => {
  it('counts per key in fixed windows and forgets a reset key', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    expect(await limiter.hit('a', 2, 60)).toBe(0);
    expect(await limiter.hit('a', 2, 60)).toBe(0);
    expect(await limiter.hit('b', 2, 60)).toBe(0);
    now += 15_000;
    expect(await limiter.hit('a', 2, 60)).toBe(45);
    await limiter.reset('a');
    expect(await limiter.hit('a', 2, 60)).toBe(0);
    now += 60_000;
    expect(await limiter.hit('b', 2, 60)).toBe(0);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('redisRateLimiter against real Redis', () => {
  let redis: Redis;
  let limiter: RateLimiter;
  const prefix = `saathi-test:${randomBytes(6).toString('hex')}:`;
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 2 });
    limiter = redisRateLimiter(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('allows max hits per window, then answers the seconds left', async () => {
    for (let i = 0; i < 3; i++) expect(await limiter.hit('signin:ip:1.2.3.4', 3, 900)).toBe(0);
    const wait = await limiter.hit('signin:ip:1.2.3.4', 3, 900);
    expect(wait).toBeGreaterThan(895);
    expect(wait).toBeLessThanOrEqual(900);
    expect(await limiter.hit('signin:ip:5.6.7.8', 3, 900)).toBe(0);
    const ttl = await redis.pttl(`${prefix}signin:ip:1.2.3.4`);
    expect(ttl).toBeGreaterThan(890_000);
  });

  it('forgets a key on reset', async () => {
    for (let i = 0; i < 2; i++) await limiter.hit('k-reset', 1, 900);
    expect(await limiter.hit('k-reset', 1, 900)).toBeGreaterThan(0);
    await limiter.reset('k-reset');
    expect(await limiter.hit('k-reset', 1, 900)).toBe(0);
  });

  it('opens again when the window ends', async () => {
    expect(await limiter.hit('k-window', 1, 1)).toBe(0);
    expect(await limiter.hit('k-window', 1, 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.hit('k-window', 1, 1)).toBe(0);
  });

  it('repairs a key that lost its expiry', async () => {
    await redis.set(`${prefix}k-orphan`, '5');
    expect(await limiter.hit('k-orphan', 10, 60)).toBe(0);
    expect(await redis.pttl(`${prefix}k-orphan`)).toBeGreaterThan(0);
  });

  it('slows sign-in tries on a number, never locking its owner out', async () => {
    const t = await startTestApp({ limiter });
    try {
      await expectSlowedNotLocked(
        t,
        (seconds) => new Promise((r) => setTimeout(r, seconds * 1000)),
      );
    } finally {
      await t.close();
    }
  }, 30_000);

  it('is what the app uses to limit forgot-password across processes', async () => {
    const t = await startTestApp({ limiter });
    try {
      const email = newPhone();
      for (let i = 0; i < rateLimits.forgotPerNumber; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/password/forgot',
          payload: { email },
          remoteAddress: nextIp(),
        });
        expect(res.statusCode).toBe(200);
      }
      // A second app on the same Redis (another API process) sees the same count.
      const t2 = await startTestApp({ limiter: redisRateLimiter(redis, prefix) });
      try {
        expectTooMany(
          await t2.app.inject({
            method: 'POST',
            url: '/api/v1/password/forgot',
            payload: { email },
            remoteAddress: nextIp(),
          }),
        );
      } finally {
        await t2.close();
      }
    } finally {
      await t.close();
    }
  });
});
