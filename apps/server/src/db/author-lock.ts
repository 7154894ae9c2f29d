import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { users } from './schema/index.js';

/**
 * Holds the author's row until the transaction ends: one author's posts and uploads are
 * written in turn, so a count of what they hold cannot be raced past its limit.
 */
export async function lockAuthor(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
