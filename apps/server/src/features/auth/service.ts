import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  driverDocumentFields,
  driverRegisterFields,
  limits,
  messages,
  rateLimits,
  type AuthResponse,
} from '@saathi/contract';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import { revokeSession, revokeUserSessions, startSession } from '../../auth/sessions.js';
import { blockOf, isBlocked, selfView, type Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import {
  Conflict,
  Forbidden,
  HttpError,
  Invalid,
  TooMany,
  invalidField,
} from '../../http/errors.js';
import type { SmsSender } from '../../sms/sender.js';
import type { Storage } from '../../storage/storage.js';
import { receiveIdentityDocuments } from './identity-upload.js';
import {
  consumePasswordReset,
  findUserByPhone,
  insertPasswordReset,
  insertUser,
  setPasswordHash,
} from './queries.js';

export interface AuthServiceDeps {
  db: Db;
  storage: Storage;
  limiter: RateLimiter;
  sms: SmsSender;
  log: FastifyBaseLogger;
  jwtSecret: Uint8Array;
  fileKey: Buffer;
  publicUrl: string;
  /** A new driver awaits verification: the console's count goes up. */
  attentionChanged: () => Promise<void>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const window = rateLimits.windowSeconds;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, limiter } = deps;

  async function limit(key: string, max: number) {
    const wait = await limiter.hit(key, max, window);
    if (wait > 0) throw TooMany(wait);
  }

  async function signedIn(user: UserRow, message: string): Promise<AuthResponse> {
    const { token } = await startSession(db, deps.jwtSecret, user.id);
    return { success: true, Token: token, message, user: selfView(user) };
  }

  async function createAccount(
    fields: { name: string; number: string; password: string },
    kind: 'user' | 'driver',
    documents: {
      id: string;
      field: (typeof driverDocumentFields)[number];
      key: string;
      mime: string;
      bytes: number;
    }[] = [],
    userId: string = randomUUID(),
  ): Promise<UserRow> {
    const user = await insertUser(
      db,
      {
        id: userId,
        name: fields.name,
        phone: fields.number,
        passwordHash: await hashPassword(fields.password),
        usertype: kind,
        verification: kind === 'driver' ? 'pending' : 'not_required',
      },
      documents.map((d) => ({
        id: d.id,
        userId,
        kind: d.field,
        storageKey: d.key,
        mime: d.mime,
        bytes: d.bytes,
      })),
    );
    if (!user) throw Conflict('number_taken');
    return user;
  }

  return {
    async registerUser(body: { name: string; number: string; password: string }, ip: string) {
      await limit(`signup:ip:${ip}`, rateLimits.signUpPerIp);
      const user = await createAccount(body, 'user');
      return signedIn(user, messages.user_registered);
    },

    /**
     * Files stream first (encrypted, to private storage); the account and its document rows
     * are written in one transaction after every check passed. Any failure removes the files.
     */
    async registerDriver(request: FastifyRequest, ip: string) {
      await limit(`signup:ip:${ip}`, rateLimits.signUpPerIp);
      const userId = randomUUID();
      const upload = await receiveIdentityDocuments(request, deps.storage, deps.fileKey, userId);
      try {
        const parsed = driverRegisterFields.safeParse(upload.fields);
        if (!parsed.success) throw invalidField(parsed.error.issues[0]?.message);
        const byField = new Map(upload.files.map((f) => [f.field, f]));
        if (
          upload.files.length !== driverDocumentFields.length ||
          driverDocumentFields.some((f) => !byField.has(f))
        ) {
          throw Invalid('documents_required');
        }
        const documents = upload.files.map((f) => ({
          id: randomUUID(),
          field: f.field as (typeof driverDocumentFields)[number],
          key: f.key,
          mime: f.mime,
          bytes: f.bytes,
        }));
        const user = await createAccount(parsed.data, 'driver', documents, userId);
        await deps.attentionChanged();
        return signedIn(user, messages.registered);
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },

    async login(body: { number: string; password: string }, ip: string) {
      await limit(`signin:ip:${ip}`, rateLimits.signInPerIp);
      await limit(`signin:number:${body.number}`, rateLimits.signInPerNumber);
      const user = await findUserByPhone(db, body.number);
      const ok = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        body.password,
      );
      if (!user || !ok) throw new HttpError(401, 'login_failed');
      if (isBlocked(user)) {
        throw Forbidden('account_blocked', {
          block: blockOf(user),
          user: { name: user.name, number: user.phone },
        });
      }
      return signedIn(user, messages.logged_in);
    },

    me(viewer: Viewer) {
      return { success: true as const, user: selfView(viewer.user) };
    },

    async logout(viewer: Viewer) {
      await revokeSession(db, viewer.sessionId, 'logout');
      return { success: true as const, message: messages.logged_out };
    },

    /** Same answer, at the same speed, whether or not the number has an account. */
    async forgotPassword(number: string, ip: string) {
      await limit(`forgot:ip:${ip}`, rateLimits.forgotPerIp);
      await limit(`forgot:number:${number}`, rateLimits.forgotPerNumber);
      const user = await findUserByPhone(db, number);
      if (user && !isBlocked(user)) {
        const token = randomBytes(32).toString('base64url');
        await insertPasswordReset(db, {
          id: randomUUID(),
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + limits.resetTokenMinutes * 60_000),
        });
        const link = `${deps.publicUrl}/reset-password/${token}`;
        const text = `Saathi: reset your password with this link within ${limits.resetTokenMinutes} minutes: ${link}`;
        // Not awaited: a slow gateway must not make the answer slower for real numbers.
        deps.sms
          .send(user.phone, text)
          .catch((err: unknown) => deps.log.error({ err }, 'SMS send failed'));
      }
      return { success: true as const, message: messages.reset_sent };
    },

    async resetPassword(token: string, password: string) {
      const userId = await consumePasswordReset(db, sha256(token));
      if (!userId) throw Invalid('reset_invalid');
      await setPasswordHash(db, userId, await hashPassword(password));
      await revokeUserSessions(db, userId, 'password_reset');
      return { success: true as const, message: messages.reset_done };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
