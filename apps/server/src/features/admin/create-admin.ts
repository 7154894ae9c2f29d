import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { replacePassword } from '../auth/index.js';
import { insertAdminAccount, setAdminRole } from './accounts.js';

/** What `npm run create-admin` did: a new account, an existing one promoted, or nothing. */
export type CreateAdminOutcome = 'created' | 'promoted' | 'blocked';

/**
 * The work of `npm run create-admin`: makes the account of `phone` (normalised) an admin with
 * `password`, creating it when the number has none. A blocked account is left untouched.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { name?: string; phone: string; password: string },
): Promise<CreateAdminOutcome> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(users).where(eq(users.phone, input.phone));
  // The console refuses to promote a blocked account; the script must not be the way round.
  if (existing?.blockedAt) return 'blocked';
  if (existing) {
    await db.transaction(async (tx) => {
      await setAdminRole(tx, existing, true);
      // A new password ends every sign-in made with the old one, as a reset does.
      await replacePassword(tx, existing.id, passwordHash);
    });
    return 'promoted';
  }
  const name = input.name?.trim() || 'Saathi Admin';
  await insertAdminAccount(db, { name, phone: input.phone, passwordHash });
  return 'created';
}
