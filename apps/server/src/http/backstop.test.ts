import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCalls, healthCalls, messages, notificationStreamPath } from '@saathi/contract';
import { expectError } from '../../test/auth.js';
import { nextIp, startTestApp, type TestApp } from '../../test/harness.js';

const perMinute = 5;

describe('the per-IP backstop on every API call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { API_CALLS_PER_MINUTE: String(perMinute) } });
  });
  afterAll(() => t.close());

  const get = (url: string, ip: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

  it(`answers 429 to call ${perMinute + 1} from one address, not to another address`, async () => {
    const ip = nextIp();
    for (let i = 0; i < perMinute; i++) {
      expect((await get(appCalls.publicConfig.path, ip)).statusCode).toBe(200);
    }
    const refused = await get(appCalls.publicConfig.path, ip);
    expectError(refused, 429, messages.too_many_requests, 'too_many_requests');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await get(appCalls.publicConfig.path, nextIp())).statusCode).toBe(200);
  });

  it('counts unknown API paths too, so scanning costs the same', async () => {
    const ip = nextIp();
    for (let i = 0; i < perMinute; i++)
      expect((await get('/api/v1/nope', ip)).statusCode).toBe(404);
    expect((await get(appCalls.publicConfig.path, ip)).statusCode).toBe(429);
  });

  it('leaves the health probe, live streams and media alone', async () => {
    const ip = nextIp();
    for (let i = 0; i <= perMinute; i++) await get(appCalls.publicConfig.path, ip);
    expect((await get(appCalls.publicConfig.path, ip)).statusCode).toBe(429);
    expect((await get(healthCalls.health.path, ip)).statusCode).toBe(200);
    // Not refused by the backstop: the stream's own guard answers (no session here).
    expect((await get(notificationStreamPath, ip)).statusCode).toBe(401);
    expect((await get('/media/posts/none.jpg', ip)).statusCode).toBe(404);
  });
});

describe('the backstop behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { API_CALLS_PER_MINUTE: String(perMinute), TRUST_PROXY: '1' },
    });
  });
  afterAll(() => t.close());

  it('counts each client the proxy names, not the proxy', async () => {
    const proxy = nextIp();
    const through = (client: string) =>
      t.app.inject({
        method: 'GET',
        url: appCalls.publicConfig.path,
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
    const busy = nextIp();
    for (let i = 0; i < perMinute; i++) expect((await through(busy)).statusCode).toBe(200);
    expect((await through(busy)).statusCode).toBe(429);
    expect((await through(nextIp())).statusCode).toBe(200);
  });
});
