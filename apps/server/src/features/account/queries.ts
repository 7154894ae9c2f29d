import { and, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  comments,
  follows,
  likes,
  posts,
  reports,
  sessions,
  users,
  type UserRow,
} from '../../db/schema/index.js';

/**
 * Sets the deletion time unless one is set already; answers the row, or undefined when a
 * deletion was pending.
 */
export async function scheduleDeletion(
  db: Db,
  userId: string,
  dueAt: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ deletionDueAt: dueAt, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletionDueAt)))
    .returning();
  return rows[0];
}

/**
 * Clears a pending deletion that is still within its grace period; answers whether one was
 * cleared. A deletion past its time is no longer the owner's to cancel: the erasure may run.
 */
export async function cancelDeletion(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionDueAt: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), gt(users.deletionDueAt, new Date())))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Admins that stay: everyone with the role but `userId` and those leaving themselves. Locks
 * their rows, so two admins asking at once cannot both pass as "not the last".
 */
export async function otherStayingAdmins(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id, due: users.deletionDueAt })
    .from(users)
    .where(eq(users.usertype, 'admin'))
    .for('update');
  return rows.filter((r) => r.id !== userId && r.due === null).length;
}

/** Signs out every other device: only the one that asked stays, to show the grace period. */
export async function revokeOtherSessions(db: Db, userId: string, keep: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)));
}

/** Accounts whose grace period is over, oldest first. */
export async function dueDeletions(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(lte(users.deletionDueAt, now))
    .orderBy(users.deletionDueAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The counts kept beside likes, comments and follows lose what the account's own rows gave
 * them, before those rows go with it (a cascade would leave the counts high).
 */
export async function releaseCounts(db: Db, userId: string): Promise<void> {
  await db
    .update(posts)
    .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
    .where(
      inArray(
        posts.id,
        db.select({ id: likes.postId }).from(likes).where(eq(likes.userId, userId)),
      ),
    );
  await db.execute(sql`
    update ${posts} set comment_count = greatest(${posts.commentCount} - c.n, 0)
    from (select ${comments.postId} as post_id, count(*)::int as n from ${comments}
          where ${comments.userId} = ${userId} group by ${comments.postId}) c
    where ${posts.id} = c.post_id`);
  await db
    .update(users)
    .set({ followersCount: sql`greatest(${users.followersCount} - 1, 0)` })
    .where(
      inArray(
        users.id,
        db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId)),
      ),
    );
  await db
    .update(users)
    .set({ followingCount: sql`greatest(${users.followingCount} - 1, 0)` })
    .where(
      inArray(
        users.id,
        db.select({ id: follows.followerId }).from(follows).where(eq(follows.followeeId, userId)),
      ),
    );
}

/** The audit log keeps what an admin did, not who they were once their account is gone. */
export async function anonymiseAuditActor(db: Db, userId: string, name: string): Promise<void> {
  await db.update(auditLog).set({ actorName: name }).where(eq(auditLog.actorId, userId));
}

export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** A report as the record keeps it once an account is erased: its outcome, not its people. */
export interface ReportOutcome {
  reason: string;
  status: 'open' | 'dismissed' | 'actioned';
  reportedAt: string;
  resolvedAt: string | null;
}

/** Reports against the account's posts and reports it made, as outcomes. */
export async function reportOutcomes(
  db: Db,
  userId: string,
): Promise<{ against: ReportOutcome[]; made: ReportOutcome[] }> {
  const columns = {
    reason: reports.reason,
    status: reports.status,
    createdAt: reports.createdAt,
    resolvedAt: reports.resolvedAt,
  };
  const [against, made] = await Promise.all([
    db
      .select(columns)
      .from(reports)
      .innerJoin(posts, eq(posts.id, reports.postId))
      .where(eq(posts.userId, userId))
      .orderBy(reports.createdAt),
    db
      .select(columns)
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(reports.createdAt),
  ]);
  const outcome = (r: (typeof against)[number]): ReportOutcome => ({
    reason: r.reason,
    status: r.status,
    reportedAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  });
  return { against: against.map(outcome), made: made.map(outcome) };
}
