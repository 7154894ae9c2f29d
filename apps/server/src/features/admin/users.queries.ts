import { and, desc, eq, ilike, isNotNull, like, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { normalizeIndianMobile, type AdminUserFilter } from '@saathi/contract';
import { pendingDriver } from '../../console/attention.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import type { Db } from '../../db/client.js';
import {
  adminDetailColumns,
  adminSummaryColumns,
  type AdminDetailRow,
  type AdminSummaryRow,
} from '../../db/user-columns.js';
import { identityDocuments, postImages, posts, reports, users } from '../../db/schema/index.js';

/** LIKE treats % and _ as wildcards; a name typed with them means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A whole number matches exactly after normalising (+91 98765 43210, 098765...); a part of
 * one (the last digits a driver reads out) matches anywhere in the stored number.
 */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/[\s\-().+]/g, '');
  if (/^\d+$/.test(digits)) {
    const whole = normalizeIndianMobile(q);
    return whole ? eq(users.phone, whole) : like(users.phone, `%${digits}%`);
  }
  return ilike(users.name, `%${escapeLike(q)}%`);
}

/** Drivers awaiting verification: the 'pending' filter and the dashboard's count. */
const filterCondition: Record<AdminUserFilter, SQL | undefined> = {
  all: undefined,
  pending: pendingDriver,
  blocked: isNotNull(users.blockedAt),
  admins: eq(users.usertype, 'admin'),
};

export async function searchUsers(
  db: Db,
  opts: { q: string; filter: AdminUserFilter; cursor?: Cursor; limit: number },
): Promise<{ user: AdminSummaryRow; at: string }[]> {
  return db
    .select({ user: adminSummaryColumns, at: exactTime(users.createdAt) })
    .from(users)
    .where(
      and(
        searchCondition(opts.q),
        filterCondition[opts.filter],
        opts.cursor ? afterCursor(users.createdAt, users.id, opts.cursor) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit);
}

export async function findUser(db: Db, userId: string): Promise<AdminDetailRow | undefined> {
  const rows = await db.select(adminDetailColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/**
 * Every post of the user, whatever its state: moderators see removed and failed ones too.
 * `firstImageKey` (a picture post's thumbnail) comes from the same query: images are numbered
 * from 0 and the unique (post_id, position) index serves the join. Null once files are gone.
 */
export function postsOf(db: Db, userId: string, limit: number) {
  return db
    .select({ post: posts, firstImageKey: postImages.key })
    .from(posts)
    .leftJoin(postImages, and(eq(postImages.postId, posts.id), eq(postImages.position, 0)))
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

const reportColumns = {
  id: reports.id,
  postId: reports.postId,
  reason: reports.reason,
  status: reports.status,
  createdAt: reports.createdAt,
  personId: users.id,
  personName: users.name,
};
export type UserReportRow = {
  id: string;
  postId: string;
  reason: string;
  status: 'open' | 'dismissed' | 'actioned';
  createdAt: Date;
  personId: string;
  personName: string;
};

/** Reports joined with their post and one person: the reporter or the post's author. */
function reportsWithPerson(db: Db, person: AnyPgColumn, where: SQL, limit: number) {
  return db
    .select(reportColumns)
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .innerJoin(users, eq(users.id, person))
    .where(where)
    .orderBy(desc(reports.createdAt))
    .limit(limit);
}

/** Reports against the user's posts, each with who reported it. */
export function reportsAgainst(db: Db, userId: string, limit: number): Promise<UserReportRow[]> {
  return reportsWithPerson(db, reports.reporterId, eq(posts.userId, userId), limit);
}

/** Reports the user made, each with the reported post's author. */
export function reportsBy(db: Db, userId: string, limit: number): Promise<UserReportRow[]> {
  return reportsWithPerson(db, posts.userId, eq(reports.reporterId, userId), limit);
}

export function identityDocumentsOf(db: Db, userId: string) {
  return db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.userId, userId))
    .orderBy(identityDocuments.createdAt, identityDocuments.kind);
}

export async function findIdentityDocument(db: Db, userId: string, docId: string) {
  const rows = await db
    .select()
    .from(identityDocuments)
    .where(and(eq(identityDocuments.id, docId), eq(identityDocuments.userId, userId)))
    .limit(1);
  return rows[0];
}

/** Sets the verification state; answers the row, or undefined when it is not a driver. */
export async function setVerification(
  db: Db,
  userId: string,
  verification: 'verified' | 'rejected',
  note: string | null,
): Promise<AdminDetailRow | undefined> {
  const rows = await db
    .update(users)
    .set({
      verification,
      verificationNote: note,
      verificationDecidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.usertype, 'driver')))
    .returning(adminDetailColumns);
  return rows[0];
}
