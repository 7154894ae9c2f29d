import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idCards, users } from '../../db/schema/index.js';

export type CardRow = typeof idCards.$inferSelect;

export async function cardOfUser(db: Db, userId: string): Promise<CardRow | undefined> {
  return (await db.select().from(idCards).where(eq(idCards.userId, userId)).limit(1))[0];
}

/** A card a checker may see: its holder is a verified driver whose account is not blocked. */
export async function verifiableCard(db: Db, cardNo: string): Promise<CardRow | undefined> {
  const rows = await db
    .select({ card: idCards })
    .from(idCards)
    .innerJoin(users, eq(users.id, idCards.userId))
    .where(
      and(eq(idCards.cardNo, cardNo), eq(users.verification, 'verified'), isNull(users.blockedAt)),
    )
    .limit(1);
  return rows[0]?.card;
}

export async function cardByMobile(db: Db, mobile: string): Promise<CardRow | undefined> {
  return (await db.select().from(idCards).where(eq(idCards.mobile, mobile)).limit(1))[0];
}

/**
 * Inserts unless the user already has a card or the number is taken; answers the row, or
 * 'number_taken' / 'user_has_card' so the caller can draw another number or show the card.
 */
export async function insertCard(
  db: Db,
  row: typeof idCards.$inferInsert,
): Promise<CardRow | 'taken'> {
  const inserted = await db.insert(idCards).values(row).onConflictDoNothing().returning();
  return inserted[0] ?? 'taken';
}
