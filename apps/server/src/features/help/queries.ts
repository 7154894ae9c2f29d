import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HelpQueueFilter } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { helpRequestNotes, helpRequests, users } from '../../db/schema/index.js';

export type HelpRequestRow = typeof helpRequests.$inferSelect;
export type HelpNoteRow = typeof helpRequestNotes.$inferSelect;

const drivers = alias(users, 'drivers');
const claimers = alias(users, 'claimers');
const resolvers = alias(users, 'resolvers');
const authors = alias(users, 'authors');

/** A request with the names (and the driver's number) the console shows beside it. */
const withPeople = {
  request: helpRequests,
  driver: { id: drivers.id, name: drivers.name, phone: drivers.phone },
  claimer: { id: claimers.id, name: claimers.name },
  resolver: { id: resolvers.id, name: resolvers.name },
  /** created_at with its microseconds, for the next page's cursor. */
  at: exactTime(helpRequests.createdAt),
};

function selectWithPeople(db: Db) {
  return db
    .select(withPeople)
    .from(helpRequests)
    .innerJoin(drivers, eq(drivers.id, helpRequests.userId))
    .leftJoin(claimers, eq(claimers.id, helpRequests.claimedBy))
    .leftJoin(resolvers, eq(resolvers.id, helpRequests.resolvedBy));
}

export type HelpRequestWithPeople = NonNullable<Awaited<ReturnType<typeof helpRequestById>>>;

export async function insertHelpRequest(
  db: Db,
  row: typeof helpRequests.$inferInsert,
): Promise<void> {
  await db.insert(helpRequests).values(row);
}

export async function helpRequestById(db: Db, id: string) {
  const [row] = await selectWithPeople(db).where(eq(helpRequests.id, id)).limit(1);
  return row;
}

const filters: Record<HelpQueueFilter, SQL | undefined> = {
  active: inArray(helpRequests.status, ['open', 'claimed']),
  open: eq(helpRequests.status, 'open'),
  claimed: eq(helpRequests.status, 'claimed'),
  resolved: eq(helpRequests.status, 'resolved'),
  all: undefined,
};

export async function helpRequestPage(
  db: Db,
  opts: { filter: HelpQueueFilter; cursor?: Cursor; limit: number },
) {
  return selectWithPeople(db)
    .where(
      and(
        filters[opts.filter],
        opts.cursor ? afterCursor(helpRequests.createdAt, helpRequests.id, opts.cursor) : undefined,
      ),
    )
    .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
    .limit(opts.limit);
}

/** Claims a request nobody holds; answers false when someone was quicker or it is resolved. */
export async function claimOpenHelpRequest(db: Db, id: string, adminId: string): Promise<boolean> {
  const claimed = await db
    .update(helpRequests)
    .set({ status: 'claimed', claimedBy: adminId, claimedAt: new Date() })
    .where(and(eq(helpRequests.id, id), eq(helpRequests.status, 'open')))
    .returning({ id: helpRequests.id });
  return claimed.length > 0;
}

/** Resolves a request that is not resolved yet; an unclaimed one counts as claimed by the resolver. */
export async function resolveHelpRequest(
  db: Db,
  id: string,
  adminId: string,
  answer: string,
): Promise<boolean> {
  const now = new Date();
  const resolved = await db
    .update(helpRequests)
    .set({
      status: 'resolved',
      resolvedBy: adminId,
      resolvedAt: now,
      answer,
      claimedBy: sql`coalesce(${helpRequests.claimedBy}, ${adminId}::uuid)`,
      claimedAt: sql`coalesce(${helpRequests.claimedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(helpRequests.id, id), ne(helpRequests.status, 'resolved')))
    .returning({ id: helpRequests.id });
  return resolved.length > 0;
}

export async function insertHelpNote(
  db: Db,
  row: typeof helpRequestNotes.$inferInsert,
): Promise<HelpNoteRow> {
  const [note] = await db.insert(helpRequestNotes).values(row).returning();
  if (!note) throw new Error('help note not inserted');
  return note;
}

export async function helpNotes(db: Db, requestId: string) {
  return db
    .select({ note: helpRequestNotes, author: { id: authors.id, name: authors.name } })
    .from(helpRequestNotes)
    .leftJoin(authors, eq(authors.id, helpRequestNotes.authorId))
    .where(eq(helpRequestNotes.requestId, requestId))
    .orderBy(asc(helpRequestNotes.createdAt), asc(helpRequestNotes.id));
}

/** Who hears about new requests: every admin account that is not blocked. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.usertype, 'admin'), isNull(users.blockedAt)));
  return rows.map((r) => r.id);
}
