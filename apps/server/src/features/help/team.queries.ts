import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamContacts } from '../../db/schema/index.js';

export type TeamContactRow = typeof teamContacts.$inferSelect;

export async function listTeamContacts(db: Db): Promise<TeamContactRow[]> {
  return db
    .select()
    .from(teamContacts)
    .orderBy(asc(teamContacts.position), asc(teamContacts.name), asc(teamContacts.id));
}

export async function insertTeamContact(
  db: Db,
  row: typeof teamContacts.$inferInsert,
): Promise<TeamContactRow> {
  const [contact] = await db.insert(teamContacts).values(row).returning();
  if (!contact) throw new Error('team contact not inserted');
  return contact;
}

export async function updateTeamContact(
  db: Db,
  id: string,
  values: { name: string; nameHi: string | null; number: string; position: number },
): Promise<TeamContactRow | undefined> {
  const [contact] = await db
    .update(teamContacts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teamContacts.id, id))
    .returning();
  return contact;
}

export async function deleteTeamContact(db: Db, id: string): Promise<TeamContactRow | undefined> {
  const [contact] = await db.delete(teamContacts).where(eq(teamContacts.id, id)).returning();
  return contact;
}
