import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { users } from '../../db/schema/index.js';
import { expectAuthBody, expectError } from '../../../test/auth.js';
import { bearer, nextIp, startTestApp, type TestApp } from '../../../test/harness.js';

const url = '/api/v1/normaluser/register';

describe('POST /api/v1/normaluser/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextIp() });

  it('creates a normal user, hashes the password with argon2id and signs them in', async () => {
    const res = await register({
      name: '  Priya Sharma ',
      number: '98111 22334',
      password: 'abcd',
    });
    const body = expectAuthBody(res);
    expect(body.message).toBe(messages.user_registered);
    expect(body.user).toMatchObject({
      name: 'Priya Sharma',
      number: '+919811122334',
      usertype: 'user',
      verification: 'not_required',
      remindSalah: 'off',
      showNumber: false,
      profileImage: { url: '/default-avatar.svg' },
      block: { status: 'false', blockedAt: null, reason: null },
    });
    expect(Date.now() - Date.parse(body.user.createdAt)).toBeLessThan(60_000);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('abcd');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: bearer(body.Token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, user: { _id: body.user._id } });
  });

  it('refuses a second account for the same number written another way', async () => {
    expectAuthBody(await register({ name: 'First', number: '+91 9822 033 445', password: 'abcd' }));
    const again = await register({ name: 'Second', number: '09822033445', password: 'efgh' });
    expectError(again, 409, messages.number_taken, 'number_taken');
    const rows = await t.database.db.select().from(users).where(eq(users.phone, '+919822033445'));
    expect(rows.map((r) => r.name)).toEqual(['First']);
  });

  const valid = { name: 'Asha', number: '9833044556', password: 'abcd' };
  it.each([
    ['empty name', { name: '' }, 'name_required'],
    ['blank name', { name: '   ' }, 'name_required'],
    ['one-letter name', { name: 'A' }, 'name_length'],
    ['31-letter name', { name: 'A'.repeat(31) }, 'name_length'],
    ['huge name', { name: 'A'.repeat(100_000) }, 'name_length'],
    ['empty number', { number: '' }, 'number_required'],
    ['short number', { number: '12345' }, 'number_invalid'],
    ['landline-like number', { number: '5876543210' }, 'number_invalid'],
    ['letters', { number: 'ninetyeight' }, 'number_invalid'],
    ['empty password', { password: '' }, 'password_required'],
    ['3-character password', { password: 'abc' }, 'password_short'],
    ['129-character password', { password: 'p'.repeat(129) }, 'password_long'],
    ['missing password', { password: undefined }, 'password_required'],
    ['missing name', { name: undefined }, 'invalid_input'],
    ['number as an object', { number: { digits: '9833044556' } }, 'invalid_input'],
    ['number as a number', { number: 9833044556 }, 'invalid_input'],
  ] as const)('%s -> 400 with the contract message', async (_label, change, code) => {
    const res = await register({ ...valid, ...change });
    expectError(res, 400, messages[code], code);
  });

  it('accepts the boundary lengths: name 2 and 30, password 4 and 128', async () => {
    expectAuthBody(await register({ name: 'Al', number: '9844055667', password: 'abcd' }));
    expectAuthBody(
      await register({ name: 'B'.repeat(30), number: '9855066778', password: 'p'.repeat(128) }),
    );
  });

  it('stores nothing when the form is refused', async () => {
    await register({ ...valid, password: 'abc' });
    const rows = await t.database.db.select().from(users).where(eq(users.phone, '+919833044556'));
    expect(rows).toEqual([]);
  });
});
