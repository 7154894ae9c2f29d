import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { sessions, users } from '../db/schema/index.js';
import { sessionUserColumns, type SessionUser } from '../db/user-columns.js';
import { signToken, tokenLifetimeMs } from './tokens.js';

export type RevokeReason = 'logout' | 'password_reset' | 'blocked';

export async function startSession(
  db: Db,
  secret: Uint8Array,
  userId: string,
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + tokenLifetimeMs);
  await db.insert(sessions).values({ id: sessionId, userId, expiresAt });
  return { token: await signToken(secret, { userId, sessionId }, expiresAt), sessionId };
}

/** Read on every authenticated call: built once (db/prepared.ts). */
const sessionQuery = prepared((db) =>
  db
    .select({
      user: sessionUserColumns,
      revokedAt: sessions.revokedAt,
      reason: sessions.revokedReason,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

/** The session's user when the session is live, with the reason it was revoked otherwise. */
export async function findSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{
  user: SessionUser;
  revokedReason: RevokeReason | null;
  revokedAt: Date | null;
  expired: boolean;
} | null> {
  const rows = await sessionQuery(db).execute({ sessionId, userId });
  const row = rows[0];
  if (!row) return null;
  return {
    user: row.user,
    revokedReason: row.revokedAt ? (row.reason ?? 'logout') : null,
    revokedAt: row.revokedAt,
    expired: row.expiresAt.getTime() <= Date.now(),
  };
}

export async function revokeSession(
  db: Db,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  // A session revoked by a block still works for /me until it logs out; logging out must end
  // it for good, so the 'blocked' revocation is overwritten rather than kept.
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        or(isNull(sessions.revokedAt), eq(sessions.revokedReason, 'blocked')),
      ),
    );
}

export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: RevokeReason,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Housekeeping: sessions that can no longer be used carry no information worth keeping. */
export async function purgeDeadSessions(db: Db, olderThan: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, olderThan),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, olderThan)),
      ),
    );
}
