import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { expectAuthBody } from '../../test/auth.js';
import { nextIp, startTestApp, type TestApp } from '../../test/harness.js';
import { demoAccounts, seedDemo } from './demo.js';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates an admin, a driver and a user once, each able to sign in', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);
    const [row] = await t.database.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(3);
    expect(demoAccounts.map((a) => a.usertype).sort()).toEqual(['admin', 'driver', 'user']);

    for (const account of demoAccounts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { number: account.phone, password: account.password },
        remoteAddress: nextIp(),
      });
      const body = expectAuthBody(res);
      expect(body.user).toMatchObject({
        name: account.name,
        number: account.phone,
        usertype: account.usertype,
        verification: account.usertype === 'driver' ? 'verified' : 'not_required',
      });
    }
  });
});
