import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@saathi/contract';
import { sessions } from '../../db/schema/index.js';
import { expectAuthBody, expectError } from '../../../test/auth.js';
import {
  bearer,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

const loginUrls = ['/api/v1/login', '/api/v1/normaluser/login'] as const;

describe('POST /api/v1/login and /api/v1/normaluser/login', () => {
  let t: TestApp;
  let driver: TestUser;
  let rider: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    driver = await newUser(t, {
      name: 'Suresh',
      usertype: 'driver',
      verification: 'verified',
      password: 'road-king',
    });
    rider = await newUser(t, { name: 'Meena', password: 'meena-pass' });
  });
  afterAll(() => t.close());

  const login = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextIp() });

  it.each(loginUrls)('%s signs in a driver and a normal user alike', async (url) => {
    for (const account of [driver, rider]) {
      const res = await login(url, { number: account.user.phone, password: account.password });
      const body = expectAuthBody(res);
      expect(body.message).toBe(messages.logged_in);
      expect(body.user).toMatchObject({
        _id: account.user.id,
        name: account.user.name,
        number: account.user.phone,
        usertype: account.user.usertype,
        verification: account.user.verification,
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer(body.Token),
      });
      expect(me.json()).toMatchObject({ user: { _id: account.user.id } });
    }
  });

  it('issues a JWT naming the user and a new session, valid for 7 days', async () => {
    const res = await login('/api/v1/login', {
      number: driver.user.phone,
      password: driver.password,
    });
    const { Token } = expectAuthBody(res);
    const claims = decodeJwt(Token);
    expect(claims.sub).toBe(driver.user.id);
    expect(typeof claims.sid).toBe('string');
    const sevenDays = limits.tokenDays * 24 * 60 * 60;
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThan(now + sevenDays - 60);
    expect(claims.exp).toBeLessThanOrEqual(now + sevenDays + 1);

    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(session?.userId).toBe(driver.user.id);
    expect(session?.revokedAt).toBeNull();
    expect(Math.abs((session?.expiresAt.getTime() ?? 0) / 1000 - (claims.exp ?? 0))).toBeLessThan(
      2,
    );
  });

  it('gives every sign-in its own session', async () => {
    const body = { number: rider.user.phone, password: rider.password };
    const a = expectAuthBody(await login('/api/v1/login', body));
    const b = expectAuthBody(await login('/api/v1/normaluser/login', body));
    expect(decodeJwt(a.Token).sid).not.toBe(decodeJwt(b.Token).sid);
  });

  it.each(loginUrls)('%s answers a wrong password and an unknown number the same', async (url) => {
    const wrong = await login(url, { number: driver.user.phone, password: 'not-it' });
    const unknown = await login(url, { number: '9000012345', password: driver.password });
    const caseChanged = await login(url, {
      number: driver.user.phone,
      password: driver.password.toUpperCase(),
    });
    for (const res of [wrong, unknown, caseChanged]) {
      expectError(res, 401, messages.login_failed, 'login_failed');
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it.each([
    ['no number', { number: undefined }, 'invalid_input'],
    ['an empty number', { number: '' }, 'number_required'],
    ['a non-mobile number', { number: '12345' }, 'number_invalid'],
    ['no password', { password: undefined }, 'password_required'],
    ['an empty password', { password: '' }, 'password_required'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'password_long'],
    ['a password as a number', { password: 12345678 }, 'password_required'],
  ] as const)('refuses %s with 400 and the contract message', async (_label, change, code) => {
    for (const url of loginUrls) {
      const res = await login(url, { number: rider.user.phone, password: 'whatever', ...change });
      expectError(res, 400, messages[code], code);
    }
  });
});
