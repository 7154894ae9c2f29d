import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { freshDatabase } from '../../../test/database.js';
import { createOrPromoteAdmin } from './create-admin.js';

/**
 * What `npm run create-admin` does, called in-process on a real database. The compiled
 * script itself is started once in test/compiled-build.test.ts.
 */
describe('create-admin', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  const userOf = async (phone: string) =>
    (await database.db.select().from(users).where(eq(users.phone, phone)))[0];

  it('creates an admin account', async () => {
    const outcome = await createOrPromoteAdmin(database.db, {
      name: 'Asha Verma',
      phone: '+919876500001',
      password: 'long secret',
    });
    expect(outcome).toBe('created');
    const admin = await userOf('+919876500001');
    expect(admin).toMatchObject({ name: 'Asha Verma', usertype: 'admin' });
    expect(await verifyPassword(admin?.passwordHash ?? '', 'long secret')).toBe(true);
  });

  it('makes an existing account admin with the new password, ending its old sign-ins', async () => {
    const id = randomUUID();
    await database.db.insert(users).values({
      id,
      name: 'Ravi Kumar',
      phone: '+919876500002',
      passwordHash: await hashPassword('old-pass'),
      usertype: 'user',
      verification: 'not_required',
    });
    await database.db
      .insert(sessions)
      .values({ id: randomUUID(), userId: id, expiresAt: new Date(Date.now() + 86_400_000) });
    const outcome = await createOrPromoteAdmin(database.db, {
      phone: '+919876500002',
      password: 'new secret',
    });
    expect(outcome).toBe('promoted');
    const promoted = await userOf('+919876500002');
    expect(promoted).toMatchObject({ name: 'Ravi Kumar', usertype: 'admin' });
    expect(await verifyPassword(promoted?.passwordHash ?? '', 'new secret')).toBe(true);
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ revokedReason: 'password_reset' });
    expect(left[0]?.revokedAt).not.toBeNull();
  });

  it('refuses a blocked account and changes nothing', async () => {
    const [before] = await database.db
      .insert(users)
      .values({
        id: randomUUID(),
        name: 'Blocked Bala',
        phone: '+919876500003',
        passwordHash: await hashPassword('old-pass'),
        usertype: 'user',
        verification: 'not_required',
        blockedAt: new Date(),
        blockReason: 'Spam',
      })
      .returning();
    const outcome = await createOrPromoteAdmin(database.db, {
      phone: '+919876500003',
      password: 'new secret',
    });
    expect(outcome).toBe('blocked');
    expect(await userOf('+919876500003')).toEqual(before);
  });
});
