import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, reports, users } from '../../db/schema/index.js';

/** Where a page of the queue ends: the sort key of its last post. */
export interface QueueCursor {
  /** 0 for emergency posts, 1 for the others: emergency first. */
  rank: number;
  /** Minus the report count: most reported first. */
  negCount: number;
  /** The oldest open report's time, exact text (sorts like the time). */
  oldest: string;
  postId: string;
}

export interface ReportGroup extends QueueCursor {
  count: number;
  authorBlocked: boolean;
}

/**
 * Posts with open reports, in queue order, after `cursor`. One row comparison on the same
 * expressions as the ORDER BY, so a page starts exactly where the last one ended.
 */
export async function openReportGroups(
  db: Db,
  opts: { cursor?: QueueCursor; limit: number },
): Promise<ReportGroup[]> {
  const groups = db
    .select({
      postId: reports.postId,
      rank: sql<number>`(case when ${posts.emergency} then 0 else 1 end)`.as('rank'),
      negCount: sql<number>`(-count(*))::int`.as('neg_count'),
      oldest:
        sql<string>`to_char(min(${reports.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          'oldest',
        ),
      authorBlocked: sql<boolean>`bool_or(${users.blockedAt} is not null)`.as('author_blocked'),
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(reports.status, 'open'), isNull(posts.removedAt)))
    .groupBy(reports.postId, posts.emergency)
    .as('groups');
  const { cursor } = opts;
  const rows = await db
    .select()
    .from(groups)
    .where(
      cursor
        ? sql`(${groups.rank}, ${groups.negCount}, ${groups.oldest}, ${groups.postId}) > (${cursor.rank}, ${cursor.negCount}, ${cursor.oldest}, ${cursor.postId}::uuid)`
        : undefined,
    )
    .orderBy(asc(groups.rank), asc(groups.negCount), asc(groups.oldest), asc(groups.postId))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, count: -r.negCount }));
}

export interface OpenReport {
  id: string;
  postId: string;
  reason: string;
  createdAt: Date;
  reporterId: string;
  reporterName: string;
}

/** Every open report on these posts with its reporter's name, oldest first. */
export async function openReportsOf(db: Db, postIds: string[]): Promise<OpenReport[]> {
  if (postIds.length === 0) return [];
  return db
    .select({
      id: reports.id,
      postId: reports.postId,
      reason: reports.reason,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterName: users.name,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(inArray(reports.postId, postIds), eq(reports.status, 'open')))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

/** Closes every open report on a post; answers who had reported it. */
export async function resolveOpenReports(
  db: Db,
  postId: string,
  resolution: { status: 'dismissed' | 'actioned'; by: string; note: string | null },
): Promise<string[]> {
  const rows = await db
    .update(reports)
    .set({
      status: resolution.status,
      resolvedAt: new Date(),
      resolvedBy: resolution.by,
      resolutionNote: resolution.note,
    })
    .where(and(eq(reports.postId, postId), eq(reports.status, 'open')))
    .returning({ reporterId: reports.reporterId });
  return rows.map((r) => r.reporterId);
}
