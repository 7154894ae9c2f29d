import { SignJWT, jwtVerify } from 'jose';
import { limits } from '@saathi/contract';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export const tokenLifetimeMs = limits.tokenDays * 24 * 60 * 60 * 1000;

export function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** The spec's clients send the raw token, "Bearer <token>", or only the Token cookie. */
export function tokenFromRequest(
  authorization: string | undefined,
  cookie: string | undefined,
): string | undefined {
  const header = authorization?.trim();
  // A bare "Bearer" (a client with no token yet) is no token, not an invalid one.
  if (header) return header.replace(/^Bearer(\s+|$)/i, '').trim() || undefined;
  return cookie || undefined;
}
