import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driverForm } from '../../test/auth.js';
import { nextIp, startTestApp, type TestApp } from '../../test/harness.js';
import { maskDigits, maskUrl } from './logging.js';

describe('maskDigits and maskUrl', () => {
  it.each([
    ['/api/v1/x?number=9876543210', '/api/v1/x?number=[number]'],
    ['/api/v1/x?n=+919876543210', '/api/v1/x?n=[number]'],
    ['call 98765 43210 now', 'call [number] now'],
    ['call 98765-43210', 'call [number]'],
    ['/api/v1/video/12', '/api/v1/video/12'],
  ])('%s -> %s', (input, output) => {
    expect(maskDigits(input)).toBe(output);
  });

  it('hides reset tokens in the API path and in the page the SMS opens', () => {
    expect(maskUrl('/api/v1/password/reset/abcDEF_-123?x=1')).toBe(
      '/api/v1/password/reset/[token]?x=1',
    );
    expect(maskUrl('/reset-password/abcDEF_-123')).toBe('/reset-password/[token]');
  });
});

describe('what the server logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('never holds a phone number, password or token, through every account call', async () => {
    const secrets: string[] = [];
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });

    const userPassword = 'Zebra-Crossing-77';
    secrets.push(userPassword, '9811122334');
    const signUp = await post('/api/v1/normaluser/register', {
      name: 'Log Tester',
      number: '+91 98111 22334',
      password: userPassword,
    });
    expect(signUp.statusCode).toBe(200);
    const token = (signUp.json() as { Token: string }).Token;
    secrets.push(token);

    const driverPassword = 'Lorry-Driver-55';
    secrets.push(driverPassword, '9822233445');
    const form = await driverForm({ number: '98222-33445', password: driverPassword });
    const driver = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: form.payload,
      // A signed-in phone sends its token with every upload; the multipart trace must not log it.
      headers: { ...form.headers, authorization: `Bearer ${token}`, cookie: `Token=${token}` },
      remoteAddress: nextIp(),
    });
    expect(driver.statusCode).toBe(200);

    expect(
      (await post('/api/v1/login', { number: '09811122334', password: 'Wrong-Guess-99' }))
        .statusCode,
    ).toBe(401);
    secrets.push('Wrong-Guess-99');
    expect(
      (await post('/api/v1/normaluser/login', { number: '919811122334', password: userPassword }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/v1/login', { number: 'not a number', password: userPassword })).statusCode,
    ).toBe(400);
    await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: token } });
    await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: `Token=${token}` } });
    await t.app.inject({ method: 'GET', url: '/api/v1/nothing?number=9811122334' });

    const sent = t.outbox.length;
    expect((await post('/api/v1/password/forgot', { email: '9811122334' })).statusCode).toBe(200);
    expect((await post('/api/v1/password/forgot', { email: '9833344556' })).statusCode).toBe(200);
    secrets.push('9833344556');
    await vi.waitFor(() => expect(t.outbox.length).toBeGreaterThan(sent));
    const resetToken = /reset-password\/([\w-]+)/.exec(t.outbox.at(-1)?.text ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
    secrets.push(resetToken);
    const newPassword = 'Fresh-Mango-2024';
    secrets.push(newPassword);
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/password/reset/${resetToken}`,
      payload: { password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    // The log was really written: one line per request, with its URL masked and its status.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((e) => e.msg === 'incoming request')).toEqual([]);
    const answered = entries.filter((e) => e.msg === 'request completed');
    expect(answered.length).toBeGreaterThanOrEqual(11);
    expect(answered).toContainEqual(
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/v1/nothing?number=[number]' }),
        res: { statusCode: 404 },
      }),
    );
    // Written by hand (OneLinePerRequest), in pino's shape: log tools read it like any line.
    for (const entry of answered) {
      expect(entry).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId: expect.any(String),
        req: { id: entry.reqId, method: expect.any(String), url: expect.any(String) },
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
        msg: 'request completed',
      });
    }
    const urls = entries.map((e) => (e.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/api/v1/nothing?number=[number]');
    expect(urls).toContain('/api/v1/password/reset/[token]');

    for (const secret of secrets) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    // No ten-digit run anywhere but in timestamps, durations, process and request ids; a
    // uuid's last group is all digits now and then, so ids are blanked wherever they sit.
    const unrelated = new Set(['time', 'pid', 'reqId', 'responseTime']);
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    for (const entry of entries) {
      const rest = Object.entries(entry).filter(([key]) => !unrelated.has(key));
      const logged = JSON.stringify(rest)
        .replace(/boundary=[-\w]+/g, 'boundary=')
        .replace(uuid, 'uuid');
      expect(logged, logged).not.toMatch(/\d{10}/);
    }
  });
});

describe('the listening line', () => {
  it('is flushed out of a buffered log as the server starts listening', async () => {
    const written: string[] = [];
    let flushed: string[] = [];
    const t = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: {
        write: (line) => void written.push(line),
        flush: () => void (flushed = [...written]),
      },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      expect(flushed.some((line) => line.includes('Server listening at'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
