import { eq } from 'drizzle-orm';
import { revokeUserSessions } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/**
 * Whether the account is blocked, holding its row until the transaction ends: a block
 * running at the same moment waits, so an author is never blocked (and audited) twice.
 */
export async function isBlockedLocked(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return Boolean(row?.blockedAt);
}

/**
 * Blocks an account at once: every later call of its sessions answers 403 with the block
 * details (the client shows the blocked screen), and the sessions stay dead after an unblock.
 */
export async function blockAccount(db: Db, userId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ blockedAt: new Date(), blockReason: reason, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, 'blocked');
  });
}

export async function unblockAccount(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ blockedAt: null, blockReason: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
