import { afterEach, describe, expect, it } from 'vitest';
import { rateLimits } from '@saathi/contract';
import { loadConfig } from './config.js';
import { newPhone, startTestApp, type TestApp } from '../test/harness.js';
import { addProbe } from '../test/probe.js';

const proxy = '10.0.0.5';
const client = '203.0.113.7';

describe('TRUST_PROXY', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = async (trustProxy: string) => {
    t = await startTestApp({
      env: { TRUST_PROXY: trustProxy },
      extend: (app, auth) =>
        addProbe(app, auth, 'GET', '/probe/ip', async (request) => ({ ip: request.ip })),
    });
    return t;
  };

  /** What the server takes as the client's address when the proxy appended `client`. */
  const seenIp = async (app: TestApp, written: string) => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/probe/ip',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': `${written}, ${client}` },
    });
    return (res.json() as { ip: string }).ip;
  };

  it('refuses true at start, saying what to write instead', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true', DATA_DIR: '/nonexistent' }),
    ).toThrow(/TRUST_PROXY: true would trust .*TRUST_PROXY=1/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/99' })).toThrow(
      /TRUST_PROXY: not a number of proxies nor an address or CIDR range: 10.0.0.0\/99/,
    );
  });

  it.each(['1', '10.0.0.0/8', '10.0.0.5', 'uniquelocal, 192.168.0.1'])(
    'with %s takes the address the proxy saw, not the one the client wrote',
    async (setting) => {
      const app = await start(setting);
      expect(await seenIp(app, '198.51.100.1')).toBe(client);
      expect(await seenIp(app, '198.51.100.2, 198.51.100.3')).toBe(client);
    },
  );

  it('with 0 (the default) ignores the header', async () => {
    const app = await start('0');
    expect(await seenIp(app, '198.51.100.1')).toBe(proxy);
  });

  it('with 1, a client writing its own X-Forwarded-For stays under its own sign-up limit', async () => {
    const app = await start('1');
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.signUpPerIp; i += 1) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/normaluser/register',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${client}` },
        payload: { name: 'Ravi Kumar', number: newPhone(), password: 'secret-pass' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, rateLimits.signUpPerIp).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
