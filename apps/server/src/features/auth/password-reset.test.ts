import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { limits, messages } from '@saathi/contract';
import { startSession } from '../../auth/sessions.js';
import { passwordResets, users } from '../../db/schema/index.js';
import { expectAuthBody, expectError } from '../../../test/auth.js';
import {
  bearer,
  newPhone,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

const linkPattern = /http:\/\/saathi\.test\/reset-password\/([A-Za-z0-9_-]+)/;

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email } as object,
      remoteAddress: nextIp(),
    });
  const reset = (token: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/password/reset/${token}`,
      payload: body as object,
      remoteAddress: nextIp(),
    });
  const login = (phone: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { number: phone, password },
      remoteAddress: nextIp(),
    });
  const twice = (password: string) => ({ password, confirmPassword: password });

  /** Asks for a link for `account` and answers the token the SMS carried. */
  const requestLink = async (account: TestUser, written: string = account.user.phone) => {
    const sent = t.outbox.length;
    const res = await forgot(written);
    expect(res.statusCode).toBe(200);
    // The SMS is sent without being awaited; give it its turn.
    await vi.waitFor(() => expect(t.outbox.length).toBeGreaterThan(sent));
    const sms = t.outbox.at(-1);
    expect(sms?.to).toBe(account.user.phone);
    const token = linkPattern.exec(sms?.text ?? '')?.[1];
    if (!token) throw new Error(`no reset link in: ${sms?.text}`);
    return token;
  };

  it('answers a registered and an unregistered number alike; only the first gets an SMS', async () => {
    const account = await newUser(t);
    const sent = t.outbox.length;
    const known = await forgot(account.user.phone);
    const unknown = await forgot('9000077777');
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: messages.reset_sent,
        code: 'reset_sent',
      });
    }
    expect(known.body).toBe(unknown.body);
    await vi.waitFor(() => expect(t.outbox.length).toBeGreaterThan(sent));
    // Room for a wrongly sent second SMS to arrive before counting.
    await new Promise((r) => setTimeout(r, 50));
    const newSms = t.outbox.slice(sent);
    expect(newSms.map((m) => m.to)).toEqual([account.user.phone]);
    expect(newSms[0]?.text).toMatch(linkPattern);
  });

  it('answers before the number is looked up, so an account cannot be told by the time', async () => {
    const account = await newUser(t);
    const sent = t.outbox.length;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // While this holds the users table, any account work on the answer's path would wait.
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      locked();
      await released;
    });
    await lockTaken;
    try {
      for (const number of [account.user.phone, newPhone()]) {
        const answer = await Promise.race([
          forgot(number),
          new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), 10_000)),
        ]);
        expect(answer === 'still waiting' ? answer : answer.json()).toEqual({
          success: true,
          message: messages.reset_sent,
          code: 'reset_sent',
        });
      }
      expect(t.outbox.length).toBe(sent);
    } finally {
      release();
      await holder;
    }
    // The link still goes out, after the answer, and to the account only.
    await vi.waitFor(() => expect(t.outbox.length).toBe(sent + 1));
    expect(t.outbox.at(-1)?.to).toBe(account.user.phone);
  }, 30_000);

  it('stores only a hash of the token, expiring after 15 minutes', async () => {
    const account = await newUser(t);
    const token = await requestLink(account, account.user.phone.replace('+91', '0'));
    const rows = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.user.id));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(limits.resetTokenMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(limits.resetTokenMinutes);
  });

  it('sets the new password, ends every session, and works once only', async () => {
    const account = await newUser(t, { password: 'old-password' });
    const otherSession = await startSession(t.database.db, t.config.jwtSecret, account.user.id);
    const token = await requestLink(account);

    const res = await reset(token, twice('brand-new-pass'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.reset_done, code: 'reset_done' });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expectAuthBody(await login(account.user.phone, 'brand-new-pass'));
    expectError(await login(account.user.phone, 'old-password'), 401, messages.login_failed);

    for (const old of [account.token, otherSession.token]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(old) });
      expectError(me, 401, messages.session_expired);
    }

    expectError(
      await reset(token, twice('another-pass')),
      400,
      messages.reset_invalid,
      'reset_invalid',
    );
    expectError(await login(account.user.phone, 'another-pass'), 401, messages.login_failed);
  });

  it.each([
    ['no password', { confirmPassword: 'long-enough' }, 'password_required'],
    ['no confirmation', { password: 'long-enough' }, 'password_required'],
    ['empty fields', { password: '', confirmPassword: '' }, 'password_required'],
    ['a 7-character password', twice('seven77'), 'reset_password_short'],
    [
      'different passwords',
      { password: 'long-enough', confirmPassword: 'long-enougH' },
      'passwords_mismatch',
    ],
    ['a 129-character password', twice('x'.repeat(129)), 'password_long'],
  ] as const)('refuses %s without using up the link', async (_label, body, code) => {
    const account = await newUser(t, { password: 'old-password' });
    const token = await requestLink(account);
    expectError(await reset(token, body), 400, messages[code], code);
    expectAuthBody(await login(account.user.phone, 'old-password'));
    expect((await reset(token, twice('eight888'))).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const account = await newUser(t, { password: 'old-password' });
    const token = await requestLink(account);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, account.user.id));
    expectError(await reset(token, twice('brand-new-pass')), 400, messages.reset_invalid);
    expectAuthBody(await login(account.user.phone, 'old-password'));
  });

  it('a second link makes the first one stop working', async () => {
    const account = await newUser(t, { password: 'old-password' });
    const first = await requestLink(account);
    const second = await requestLink(account);
    expect(second).not.toBe(first);
    expectError(await reset(first, twice('first-link-pass')), 400, messages.reset_invalid);
    expect((await reset(second, twice('second-link-pass'))).statusCode).toBe(200);
    expectAuthBody(await login(account.user.phone, 'second-link-pass'));
  });

  it.each([
    ['an unknown token', 'A'.repeat(43), 400],
    ['a too-short token', 'abc', 400],
    // Fastify refuses path parameters over 100 characters before any handler runs.
    ['a too-long token', 'a'.repeat(200), 414],
  ])('refuses %s with a 4xx and no 500', async (_label, token, status) => {
    const res = await reset(token, twice('brand-new-pass'));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(res.body).not.toMatch(/expected|too small|too big/i);
  });

  it.each([
    ['no email field', {}, 'invalid_input'],
    ['an empty number', { email: '' }, 'number_required'],
    ['not a mobile number', { email: '12345' }, 'number_invalid'],
    ['a number as an object', { email: { n: 1 } }, 'invalid_input'],
  ] as const)('forgot refuses %s with 400', async (_label, payload, code) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload,
      remoteAddress: nextIp(),
    });
    expectError(res, 400, messages[code], code);
  });
});
