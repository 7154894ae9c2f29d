import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { Forbidden, Unauthorized } from '../http/errors.js';
import { findSession } from './sessions.js';
import { tokenFromRequest, verifyToken } from './tokens.js';
import { blockOf, isBlocked, type Viewer } from './viewer.js';

export interface AuthDeps {
  db: Db;
  jwtSecret: Uint8Array;
}

/**
 * Resolves the caller from the token. `required` refuses anonymous callers; `allowBlocked`
 * lets a blocked account reach the calls it needs to learn that it is blocked (me, logout).
 */
export async function authenticate(
  deps: AuthDeps,
  request: FastifyRequest,
  opts: { required: boolean; allowBlocked: boolean },
): Promise<Viewer | null> {
  const token = tokenFromRequest(request.headers.authorization, request.cookies?.Token);
  if (!token) {
    if (opts.required) throw Unauthorized('not_signed_in');
    return null;
  }
  const claims = await verifyToken(deps.jwtSecret, token);
  const found = claims && (await findSession(deps.db, claims.sessionId, claims.userId));
  // Blocking revokes sessions with reason 'blocked'; while the block lasts such a session may
  // still learn that it is blocked, and after an unblock it is dead like any revoked one.
  // Only the block that revoked it counts: a session an unblock killed stays dead if the
  // account is blocked again later (revokedAt is then before the new blockedAt).
  const liveBlock =
    found?.revokedReason === 'blocked' &&
    found.user.blockedAt !== null &&
    found.revokedAt !== null &&
    found.revokedAt >= found.user.blockedAt;
  const revoked = found && found.revokedReason !== null && !liveBlock;
  if (!claims || !found || found.expired || revoked) {
    // A stale token on a public call is treated as no token, so the feed still loads.
    if (opts.required) throw Unauthorized('session_expired');
    return null;
  }
  if (isBlocked(found.user) && !opts.allowBlocked) {
    throw Forbidden('account_blocked', {
      block: blockOf(found.user),
      user: { name: found.user.name, number: found.user.phone },
    });
  }
  return { user: found.user, sessionId: claims.sessionId };
}
