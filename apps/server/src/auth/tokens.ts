import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';
import { SignJWT } from 'jose';
import { limits } from '@saathi/contract';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export const tokenLifetimeMs = limits.tokenDays * 24 * 60 * 60 * 1000;

const protectedHeader = { alg: 'HS256' } as const;
/** The header part of every token signToken makes, as jose writes it. */
const ourHeader = Buffer.from(JSON.stringify(protectedHeader)).toString('base64url');

export function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader(protectedHeader)
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

const base64url = /^[A-Za-z0-9_-]+$/;
const readJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};

/**
 * The claims of a token signToken made, or null. Checked here with one HMAC rather than with
 * jose's jwtVerify, which runs every check through WebCrypto's asynchronous job queue: that
 * was a tenth of the CPU of an authenticated call. The checks are jwtVerify's for our tokens:
 * the header names HS256 and nothing critical, the signature matches (compared as the
 * canonical base64url text, so no other spelling of it passes), `exp` is a number not yet
 * reached, and `nbf`, if any, is past.
 */
export function verifyToken(secret: Uint8Array, token: string): TokenClaims | null {
  const parts = token.split('.');
  const [head, body, signature] = parts;
  if (parts.length !== 3 || !head || !body || !signature) return null;
  // Our own header, the only one in practice, is known good: it is not decoded on every call.
  const known = head === ourHeader;
  if (!(known || base64url.test(head)) || !base64url.test(body) || !base64url.test(signature)) {
    return null;
  }
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = known ? protectedHeader : (readJson(head) as Record<string, unknown> | null);
  if (!header || typeof header !== 'object' || header.alg !== 'HS256' || 'crit' in header) {
    return null;
  }
  const payload = readJson(body) as Record<string, unknown> | null;
  if (!payload || typeof payload !== 'object') return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) {
    return null;
  }
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  return { userId: payload.sub, sessionId: payload.sid };
}

/**
 * The spec's clients send the raw token, "Bearer <token>", or only the Token cookie. The
 * Cookie header is parsed only when there is no Authorization header, and only here: no other
 * call reads a cookie, so parsing every request's (a plugin's hook) was work for nothing.
 */
export function tokenFromRequest(
  authorization: string | undefined,
  cookieHeader: string | undefined,
): string | undefined {
  const header = authorization?.trim();
  // A bare "Bearer" (a client with no token yet) is no token, not an invalid one.
  if (header) return header.replace(/^Bearer(\s+|$)/i, '').trim() || undefined;
  return (cookieHeader && parseCookie(cookieHeader).Token) || undefined;
}
