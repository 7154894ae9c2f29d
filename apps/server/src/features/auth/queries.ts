import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identityDocuments, passwordResets, users, type UserRow } from '../../db/schema/index.js';

export type NewUser = typeof users.$inferInsert;
export type NewIdentityDocument = typeof identityDocuments.$inferInsert;

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return rows[0];
}

/** Inserts the user unless the number is taken; answers undefined when it is. */
export async function insertUser(
  db: Db,
  user: NewUser,
  documents: NewIdentityDocument[] = [],
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(user)
      .onConflictDoNothing({ target: users.phone })
      .returning();
    const row = inserted[0];
    if (row && documents.length > 0) await tx.insert(identityDocuments).values(documents);
    return row;
  });
}

export async function insertPasswordReset(
  db: Db,
  reset: typeof passwordResets.$inferInsert,
): Promise<void> {
  await db.transaction(async (tx) => {
    // A new link replaces any earlier one still waiting: only the latest SMS works.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values(reset);
  });
}

/** Marks the token used and answers its user, in one statement, so a token works once only. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<string | undefined> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
