import { and, asc, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HelpQueueFilter } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { helpRequestKeys, helpRequestNotes, helpRequests, users } from '../../db/schema/index.js';

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

/** The request a phone's key already made, if any. */
export async function helpRequestIdByKey(
  db: Db,
  userId: string,
  clientRequestId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: helpRequestKeys.requestId })
    .from(helpRequestKeys)
    .where(
      and(eq(helpRequestKeys.userId, userId), eq(helpRequestKeys.clientRequestId, clientRequestId)),
    );
  return row?.id;
}

/**
 * Ties a phone's key to the request it made or was merged into. Answers the request the key
 * names: this one, or the one an earlier call with the same key already tied it to.
 */
export async function keepHelpRequestKey(
  db: Db,
  key: { userId: string; clientRequestId: string; requestId: string },
): Promise<string> {
  await db.insert(helpRequestKeys).values(key).onConflictDoNothing();
  const kept = await helpRequestIdByKey(db, key.userId, key.clientRequestId);
  if (!kept) throw new Error('help request key not kept');
  return kept;
}

/**
 * Holds the driver's requests until the transaction ends, so two taps arriving together
 * cannot both find nothing to merge into and both add a request.
 */
export async function lockUserHelpRequests(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`help:${userId}`}, 0))`);
}

/**
 * Folds a repeat into the user's latest unresolved request of the same kind asked since
 * `since` (SOS whatever number it names, so varying it makes no new SOS; other kinds only
 * for the same number). New coordinates replace the old with their location line; a repeat
 * without them keeps the place already known. Answers the request's id, or undefined.
 */
export async function mergeRepeatHelpRequest(
  db: Db,
  repeat: Pick<
    typeof helpRequests.$inferInsert,
    'userId' | 'source' | 'helpnumber' | 'location' | 'latitude' | 'longitude'
  >,
  since: Date,
): Promise<string | undefined> {
  const source = repeat.source ?? 'help';
  const latest = db
    .select({ id: helpRequests.id })
    .from(helpRequests)
    .where(
      and(
        eq(helpRequests.userId, repeat.userId),
        eq(helpRequests.source, source),
        source === 'sos' ? undefined : eq(helpRequests.helpnumber, repeat.helpnumber),
        ne(helpRequests.status, 'resolved'),
        gt(helpRequests.lastRequestedAt, since),
      ),
    )
    .orderBy(desc(helpRequests.lastRequestedAt))
    .limit(1);
  const place =
    repeat.latitude != null && repeat.longitude != null
      ? { location: repeat.location, latitude: repeat.latitude, longitude: repeat.longitude }
      : {
          location: sql`case when ${helpRequests.latitude} is null then ${repeat.location} else ${helpRequests.location} end`,
        };
  const [merged] = await db
    .update(helpRequests)
    .set({
      ...place,
      repeatCount: sql`${helpRequests.repeatCount} + 1`,
      lastRequestedAt: new Date(),
    })
    .where(and(inArray(helpRequests.id, latest), ne(helpRequests.status, 'resolved')))
    .returning({ id: helpRequests.id });
  return merged?.id;
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
