import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { adminDetailColumns, type AdminDetailRow } from '../../db/user-columns.js';

/**
 * Admin accounts, shared by the console and `npm run create-admin`. Answers the new row,
 * or undefined when the number already has an account.
 */
export async function insertAdminAccount(
  db: Db,
  fields: { name: string; phone: string; passwordHash: string },
): Promise<AdminDetailRow | undefined> {
  const inserted = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: fields.name,
      phone: fields.phone,
      passwordHash: fields.passwordHash,
      usertype: 'admin',
      verification: 'not_required',
    })
    .onConflictDoNothing({ target: users.phone })
    .returning(adminDetailColumns);
  return inserted[0];
}

/**
 * Gives an account the admin role or takes it away. A former driver keeps their
 * verification state, so they return to 'driver'; everyone else returns to 'user'.
 */
export async function setAdminRole(
  db: Db,
  user: Pick<UserRow, 'id' | 'verification'>,
  admin: boolean,
): Promise<Pick<UserRow, 'usertype'>> {
  const usertype = admin ? 'admin' : user.verification === 'not_required' ? 'user' : 'driver';
  const [row] = await db
    .update(users)
    .set({ usertype, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning({ usertype: users.usertype });
  return row ?? { usertype };
}
