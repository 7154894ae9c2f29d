import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedResponse, messages } from '@saathi/contract';
import { startSession } from '../../auth/sessions.js';
import { addProbes, expectAuthBody, expectError } from '../../../test/auth.js';
import {
  bearer,
  blockUser,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { unblockAccount } from './block.js';

describe('blocked accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ extend: addProbes });
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
  const probe = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/test/signed-in', headers: bearer(token) });
  const login = (account: TestUser, password = account.password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { number: account.user.phone, password },
      remoteAddress: nextIp(),
    });
  const tokenFor = async (userId: string) =>
    (await startSession(t.database.db, t.config.jwtSecret, userId)).token;

  /** 403 account_blocked carrying the block, as the blocked screen needs it. */
  const expectBlocked = (res: Awaited<ReturnType<typeof me>>, reason: string) => {
    expectError(res, 403, messages.account_blocked, 'account_blocked');
    const body = blockedResponse.parse(res.json());
    expect(body.block.status).toBe('true');
    expect(body.block.reason).toBe(reason);
    expect(Date.now() - Date.parse(body.block.blockedAt ?? '')).toBeLessThan(60_000);
    return body;
  };

  it('refuses every signed-in call of every session with 403 and the block details', async () => {
    const account = await newUser(t, { name: 'Blocked Bala' });
    const other = await tokenFor(account.user.id);
    expect((await probe(account.token)).statusCode).toBe(200);

    await blockUser(t, account.user.id, 'Fake documents');
    for (const token of [account.token, other]) {
      const body = expectBlocked(await probe(token), 'Fake documents');
      expect(body.user).toEqual({ name: 'Blocked Bala', number: account.user.phone });
    }
    const admin = await newUser(t, { usertype: 'admin' });
    await blockUser(t, admin.user.id, 'Rogue admin');
    expectBlocked(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/test/admin',
        headers: bearer(admin.token),
      }),
      'Rogue admin',
    );
  });

  it('still answers /me with 200 and block.status "true", so the app can show why', async () => {
    const account = await newUser(t);
    await blockUser(t, account.user.id, 'Spam');
    const res = await me(account.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { user: { _id: string; block: Record<string, unknown> } };
    expect(body.user._id).toBe(account.user.id);
    expect(body.user.block).toEqual({
      status: 'true',
      blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason: 'Spam',
    });
  });

  it('refuses a correct sign-in with 403 and the details, a wrong one with the usual 401', async () => {
    const account = await newUser(t, { name: 'Kiran' });
    await blockUser(t, account.user.id, 'Abuse');
    const body = expectBlocked(await login(account), 'Abuse');
    expect(body.user).toEqual({ name: 'Kiran', number: account.user.phone });
    expect(await login(account, 'wrong-password')).toMatchObject({ statusCode: 401 });
    expectError(await login(account, 'wrong-password'), 401, messages.login_failed);
  });

  it('sends no reset link to a blocked account, with the same answer as for anyone', async () => {
    const account = await newUser(t);
    await blockUser(t, account.user.id, 'Abuse');
    const sent = t.outbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/forgot',
      payload: { email: account.user.phone },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.reset_sent, code: 'reset_sent' });
    expect(t.outbox.length).toBe(sent);
  });

  it('logging out while blocked ends that session for good', async () => {
    const account = await newUser(t);
    const other = await tokenFor(account.user.id);
    await blockUser(t, account.user.id, 'Spam');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: bearer(account.token),
    });
    expect(out.statusCode).toBe(200);
    expectError(await me(account.token), 401, messages.session_expired);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('after an unblock the old sessions are dead and a new sign-in works', async () => {
    const account = await newUser(t);
    await blockUser(t, account.user.id, 'Spam');
    await unblockAccount(t.database.db, account.user.id);

    expectError(await me(account.token), 401, messages.session_expired, 'session_expired');
    expectError(await probe(account.token), 401, messages.session_expired);

    const fresh = expectAuthBody(await login(account));
    expect(fresh.user.block).toEqual({ status: 'false', blockedAt: null, reason: null });
    expect((await probe(fresh.Token)).json()).toEqual({ success: true, userId: account.user.id });

    // A second block reaches the new session, but does not bring the old one back.
    await blockUser(t, account.user.id, 'Again');
    expectBlocked(await probe(fresh.Token), 'Again');
    expect((await me(fresh.Token)).statusCode).toBe(200);
    expectError(await me(account.token), 401, messages.session_expired);
  });
});
