import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { Forbidden, Unauthorized } from '../http/errors.js';
import type { RateLimiter } from './rate-limiter.js';
import { sessionState } from './session-state.js';
import { tokenFromRequest, verifyToken } from './tokens.js';
import { blockOf, type Viewer } from './viewer.js';

/** What every route's guard needs, and the limiter its contract's limits count on. */
export interface AuthDeps {
  db: Db;
  jwtSecret: Uint8Array;
  limiter: RateLimiter;
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
  const token = tokenFromRequest(request.headers.authorization, request.headers.cookie);
  if (!token) {
    if (opts.required) throw Unauthorized('not_signed_in');
    return null;
  }
  const claims = verifyToken(deps.jwtSecret, token);
  const session = claims && (await sessionState(deps.db, claims.sessionId, claims.userId));
  if (!claims || !session || session.state === 'ended') {
    // A stale token on a public call is treated as no token, so the feed still loads.
    if (opts.required) throw Unauthorized('session_expired');
    return null;
  }
  if (session.state === 'blocked' && !opts.allowBlocked) {
    throw Forbidden('account_blocked', {
      block: blockOf(session.user),
      user: { name: session.user.name, number: session.user.phone },
    });
  }
  return { user: session.user, sessionId: claims.sessionId };
}
