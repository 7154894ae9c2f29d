import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { verifyPassword } from './passwords.js';

/**
 * Whether `password` is the account's own, for the calls that ask for it again (the vault,
 * deleting the account). The hash is read here, not with the session: it rides on no other
 * call.
 */
export async function isAccountPassword(
  db: Db,
  userId: string,
  password: string,
): Promise<boolean> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row !== undefined && (await verifyPassword(row.hash, password));
}
