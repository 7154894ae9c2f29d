import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';

export async function updateUser(
  db: Db,
  userId: string,
  changes: { name?: string; showNumber?: boolean; profileImage?: string | null },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user vanished during update');
  return row;
}
