import type { Db } from '../db/client.js';
import type { SessionUser } from '../db/user-columns.js';
import { findSession } from './sessions.js';
import { deletionPassed, isBlocked } from './viewer.js';

/**
 * Where a session stands: usable, standing only to learn that its account is blocked, or
 * over (revoked, expired, unknown).
 */
export type SessionState =
  | { state: 'live'; user: SessionUser }
  | { state: 'blocked'; user: SessionUser }
  | { state: 'ended' };

/** Read at every call and again by live streams while they stay open. */
export async function sessionState(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<SessionState> {
  const found = await findSession(db, sessionId, userId);
  if (!found || found.expired) return { state: 'ended' };
  // An account past its deletion time is being erased: none of its sessions acts any more.
  if (deletionPassed(found.user)) return { state: 'ended' };
  // Blocking revokes sessions with reason 'blocked'; while the block lasts such a session may
  // still learn that it is blocked, and after an unblock it is dead like any revoked one.
  // Only the block that revoked it counts: a session an unblock killed stays dead if the
  // account is blocked again later (revokedAt is then before the new blockedAt).
  const liveBlock =
    found.revokedReason === 'blocked' &&
    found.user.blockedAt !== null &&
    found.revokedAt !== null &&
    found.revokedAt >= found.user.blockedAt;
  if (found.revokedReason !== null && !liveBlock) return { state: 'ended' };
  return { state: isBlocked(found.user) ? 'blocked' : 'live', user: found.user };
}
