import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { startSession } from '../../auth/sessions.js';
import { signToken } from '../../auth/tokens.js';
import { sessions } from '../../db/schema/index.js';
import { addProbes, expectError } from '../../../test/auth.js';
import {
  bearer,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

describe('sessions: /api/v1/me, /api/v1/logout and the guards', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ extend: addProbes });
    alice = await newUser(t, { name: 'Alice Driver', usertype: 'driver', verification: 'pending' });
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
  const freshToken = async (userId: string) =>
    (await startSession(t.database.db, t.config.jwtSecret, userId)).token;

  it.each([
    ['the raw token in Authorization', (tk: string) => ({ authorization: tk })],
    ['Bearer <token>', (tk: string) => ({ authorization: `Bearer ${tk}` })],
    ['lower-case bearer', (tk: string) => ({ authorization: `bearer ${tk}` })],
    ['the Token cookie', (tk: string) => ({ cookie: `theme=dark; Token=${tk}` })],
  ])('GET /api/v1/me accepts %s', async (_label, headers) => {
    const res = await me(headers(alice.token));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['success', 'user']);
    expect(body).toEqual({
      success: true,
      user: {
        _id: alice.user.id,
        name: 'Alice Driver',
        number: alice.user.phone,
        usertype: 'driver',
        profileImage: { url: '/default-avatar.svg' },
        createdAt: alice.user.createdAt.toISOString(),
        remindSalah: 'off',
        showNumber: false,
        verification: 'pending',
        verificationNote: null,
        block: { status: 'false', blockedAt: null, reason: null },
        deletionDueAt: null,
      },
    });
  });

  it('answers 401 without a token', async () => {
    expectError(await me(), 401, messages.not_signed_in, 'not_signed_in');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/logout' }),
      401,
      messages.not_signed_in,
      'not_signed_in',
    );
    expectError(await me({ authorization: 'Bearer ' }), 401, messages.not_signed_in);
  });

  it.each([
    ['garbage', async () => 'not-a-jwt'],
    ['a token signed with another secret', async () => signWith(randomBytes(32))],
    ['a token whose JWT has expired', async () => signWith(undefined, new Date(Date.now() - 1000))],
    ['a token for a session that does not exist', async () => signWith()],
  ])('answers 401 session_expired for %s', async (_label, make) => {
    const token = await make();
    expectError(await me(bearer(token)), 401, messages.session_expired, 'session_expired');
  });
  // Each made from a token of a live session, so only the named flaw can refuse it.
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it.each([
    ['an unsigned token (alg none)', (h: string, p: string) => `${b64({ alg: 'none' })}.${p}.`],
    [
      'another algorithm named in the header',
      (h: string, p: string, s: string) => `${b64({ alg: 'HS512' })}.${p}.${s}`,
    ],
    [
      'a critical header it does not know',
      (h: string, p: string, s: string) => `${b64({ alg: 'HS256', crit: ['x'], x: 1 })}.${p}.${s}`,
    ],
    [
      'a payload changed after signing',
      (h: string, p: string, s: string) =>
        `${h}.${b64({ ...(JSON.parse(Buffer.from(p, 'base64url').toString()) as object), exp: 4e9 })}.${s}`,
    ],
    ['a signature with a character added', (h: string, p: string, s: string) => `${h}.${p}.${s}A`],
    ['a signature spelled as base64', (h: string, p: string, s: string) => `${h}.${p}.${s}=`],
    ['a fourth part', (h: string, p: string, s: string) => `${h}.${p}.${s}.${s}`],
  ])('answers 401 session_expired for %s', async (_label, forge) => {
    const [h = '', p = '', s = ''] = (await freshToken(alice.user.id)).split('.');
    expect((await me(bearer(`${h}.${p}.${s}`))).statusCode).toBe(200);
    expectError(await me(bearer(forge(h, p, s))), 401, messages.session_expired, 'session_expired');
  });
  // Signed with the right secret, so only the header can refuse them; the first one is ours
  // spelled differently and passes.
  const resigned = (header: object, p: string) => {
    const h = b64(header);
    const s = createHmac('sha256', t.config.jwtSecret).update(`${h}.${p}`).digest('base64url');
    return `${h}.${p}.${s}`;
  };
  it('reads a header other than the one it issues, and refuses one it may not trust', async () => {
    const [, p = ''] = (await freshToken(alice.user.id)).split('.');
    expect((await me(bearer(resigned({ typ: 'JWT', alg: 'HS256' }, p)))).statusCode).toBe(200);
    for (const header of [{ alg: 'HS512' }, { alg: 'HS256', crit: ['x'], x: 1 }, []]) {
      expectError(await me(bearer(resigned(header, p))), 401, messages.session_expired);
    }
  });
  const signWith = (secret?: Buffer, expiresAt = new Date(Date.now() + 60_000)) =>
    signToken(
      secret ?? t.config.jwtSecret,
      { userId: alice.user.id, sessionId: crypto.randomUUID() },
      expiresAt,
    );

  it("refuses another user's session id under this user's name", async () => {
    const bob = await newUser(t);
    const sid = String(decodeJwt(bob.token).sid);
    const forged = await signToken(
      t.config.jwtSecret,
      { userId: alice.user.id, sessionId: sid },
      new Date(Date.now() + 60_000),
    );
    expectError(await me(bearer(forged)), 401, messages.session_expired);
  });

  it('ends a session whose row has expired, whatever the JWT says', async () => {
    const token = await freshToken(alice.user.id);
    expect((await me(bearer(token))).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, String(decodeJwt(token).sid)));
    expectError(await me(bearer(token)), 401, messages.session_expired);
  });

  it('logout revokes only that session', async () => {
    const first = await freshToken(alice.user.id);
    const second = await freshToken(alice.user.id);
    const res = await logout(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.logged_out, code: 'logged_out' });

    for (const headers of [bearer(first), { authorization: first }, { cookie: `Token=${first}` }]) {
      expectError(await me(headers), 401, messages.session_expired, 'session_expired');
    }
    expectError(await logout(first), 401, messages.session_expired);
    const probe = await t.app.inject({
      method: 'GET',
      url: '/api/v1/test/signed-in',
      ...{ headers: bearer(first) },
    });
    expect(probe.statusCode).toBe(401);

    expect((await me(bearer(second))).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(decodeJwt(first).sid)));
    expect(row?.revokedReason).toBe('logout');
  });

  it('a token from a sign-in over HTTP logs out the same way', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { number: alice.user.phone, password: alice.password },
      remoteAddress: nextIp(),
    });
    const { Token } = signedIn.json() as { Token: string };
    expect((await me({ cookie: `Token=${Token}` })).statusCode).toBe(200);
    expect((await logout(Token)).statusCode).toBe(200);
    expect((await me({ cookie: `Token=${Token}` })).statusCode).toBe(401);
    expect((await me(bearer(alice.token))).statusCode).toBe(200);
  });

  it('lets signed-in users through the user guard and only admins through the admin guard', async () => {
    const user = await newUser(t);
    const admin = await newUser(t, { usertype: 'admin' });
    const call = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

    expect((await call('/api/v1/test/signed-in', user.token)).json()).toEqual({
      success: true,
      userId: user.user.id,
    });
    expectError(await call('/api/v1/test/signed-in'), 401, messages.not_signed_in);
    expectError(await call('/api/v1/test/admin', user.token), 403, messages.forbidden, 'forbidden');
    expectError(await call('/api/v1/test/admin'), 401, messages.not_signed_in);
    expect((await call('/api/v1/test/admin', admin.token)).json()).toEqual({
      success: true,
      userId: admin.user.id,
    });
  });
});
