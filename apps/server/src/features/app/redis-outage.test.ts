import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '@saathi/contract';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import { openShared } from '../../runtime.js';
import { bearer, newUser, nextIp, startTestApp, type TestApp } from '../../../test/harness.js';

const TIMEOUT_MS = 500;

/** A Redis that accepts connections and never answers: a stalled server or a dead link. */
async function blackHole(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await listen(server);
  return {
    url: `redis://127.0.0.1:${port(server)}`,
    close: async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise((r) => server.close(r));
    },
  };
}

/** A port nothing listens on: Redis down. */
async function closedPort(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer();
  await listen(server);
  const url = `redis://127.0.0.1:${port(server)}`;
  await new Promise((r) => server.close(r));
  return { url, close: async () => undefined };
}

const listen = (server: Server) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server: Server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe.each([
  ['stalled (connects, never answers)', blackHole],
  ['down (connection refused)', closedPort],
])('with Redis %s', (_label, makeRedis) => {
  let t: TestApp;
  let target: { url: string; close(): Promise<void> };
  let redis: Redis | undefined;
  let limiter: RateLimiter;
  beforeAll(async () => {
    target = await makeRedis();
    // What main.ts wires for REDIS_URL: limiter, hub and the Redis that health pings.
    const shared = await openShared(target.url, TIMEOUT_MS, pino({ level: 'silent' }));
    redis = shared.redis;
    limiter = shared.limiter;
    t = await startTestApp({
      limiter,
      redis,
      hub: shared.hub,
      env: { REDIS_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
  });
  afterAll(async () => {
    await t.close();
    redis?.disconnect();
    await target.close();
  });

  // Counted, not timed: on a loaded machine a time bound fails for reasons of its own. What
  // keeps sign-in quick is that an outage costs at most one wait on Redis per retry period.
  it('signs in while Redis is out, waiting on it at most once', async () => {
    const account = await newUser(t);
    const asked = vi.spyOn(redis as Redis, 'multi');
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { number: account.user.phone, password: account.password },
        remoteAddress: nextIp(),
      });
    try {
      const first = await signIn();
      expect(first.statusCode, first.body).toBe(200);
      // A sign-in counts two limits and clears one; only the first may go to Redis.
      expect(asked.mock.calls.length).toBeLessThanOrEqual(1);
      asked.mockClear();
      const second = await signIn();
      expect(second.statusCode, second.body).toBe(200);
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });

  it('stores a help request and answers it; an admin sees it and resolves it', async () => {
    const driver = await newUser(t);
    const admin = await newUser(t, { usertype: 'admin' });
    const started = Date.now();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/request',
      headers: bearer(driver.token),
      payload: { location: 'NH48 near Vapi', helpnumber: '9876543210' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    const { id } = sent.json<{ id: string }>();

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/help-requests?status=open',
      headers: bearer(admin.token),
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<{ requests: { _id: string }[] }>().requests.map((r) => r._id)).toContain(id);

    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/help-requests/${id}/resolve`,
      headers: bearer(admin.token),
      payload: { answer: 'Police on the way' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
  });

  it('still limits, per process', async () => {
    const key = `probe:${randomUUID()}`;
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push(await limiter.hit(key, 2, 60));
    expect(waits.slice(0, 2)).toEqual([0, 0]);
    expect(waits[2]).toBeGreaterThan(0);
  });

  it('limits sign-in attempts per address, through the local fallback', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.signInPerIp; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { number: '9876500000', password: `wrong-${i}` },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('reports Redis down on /api/health with 200 (the app serves on without it)', async () => {
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, database: 'ok', redis: 'down' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1000);
  });
});

describe('/api/health', () => {
  it("reports Redis 'off' without one", async () => {
    const t = await startTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toEqual({ success: true, database: 'ok', redis: 'off' });
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.REDIS_URL)("reports Redis 'ok' when it answers", async () => {
    const redis = new Redis(process.env.REDIS_URL ?? '');
    const t = await startTestApp({ redis });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toEqual({ success: true, database: 'ok', redis: 'ok' });
    } finally {
      await t.close();
      redis.disconnect();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const t = await startTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
