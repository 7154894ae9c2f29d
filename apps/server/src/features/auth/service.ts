import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Logger } from '../../log.js';
import {
  driverDocumentFields,
  limits,
  rateLimits,
  said,
  type AuthResponse,
  type driverRegisterFields,
  type MessageCode,
} from '@saathi/contract';
import { announceAccessChanged } from '../../auth/account-events.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import { revokeSession, startSession } from '../../auth/sessions.js';
import { blockOf, deletionPassed, isBlocked, selfView, type Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { Conflict, Forbidden, HttpError, Invalid } from '../../http/errors.js';
import type { CheckedUpload, UploadTarget } from '../../media/checked-upload.js';
import type { Hub } from '../../realtime/hub.js';
import type { SmsSender } from '../../sms/sender.js';
import type { Storage } from '../../storage/storage.js';
import { backgroundTasks } from '../../http/background-tasks.js';
import { cancelDeletion } from '../account/index.js';
import { encryptStream } from '../../storage/encryption.js';
import {
  consumePasswordReset,
  findUserByPhone,
  insertPasswordReset,
  insertUser,
} from './queries.js';
import { replacePassword } from './replace-password.js';

export interface AuthServiceDeps {
  db: Db;
  storage: Storage;
  limiter: RateLimiter;
  sms: SmsSender;
  log: Logger;
  jwtSecret: Uint8Array;
  fileKey: Buffer;
  publicUrl: string;
  /** A new driver awaits verification: the console's count goes up. */
  attentionChanged: () => Promise<void>;
  /** Revoked sessions end their live streams in every process. */
  hub: Hub;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const window = rateLimits.windowSeconds;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, limiter } = deps;

  /**
   * After the revocation is written the answer stands: a lost announcement is logged, and the
   * streams' own periodic check ends them instead.
   */
  async function endStreams(userId: string) {
    await announceAccessChanged(deps.hub, userId).catch((err: unknown) =>
      deps.log.error({ err }, 'announcing the revoked sessions failed'),
    );
  }

  const afterAnswer = backgroundTasks(deps.log, 'Sending a reset link');

  async function sendResetLink(number: string) {
    const user = await findUserByPhone(db, number);
    if (!user || isBlocked(user)) return;
    const token = randomBytes(32).toString('base64url');
    await insertPasswordReset(db, {
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + limits.resetTokenMinutes * 60_000),
    });
    const link = `${deps.publicUrl}/reset-password/${token}`;
    await deps.sms.send(
      user.phone,
      `Saathi: reset your password with this link within ${limits.resetTokenMinutes} minutes: ${link}`,
    );
  }

  async function signedIn(user: UserRow, code: MessageCode): Promise<AuthResponse> {
    const { token } = await startSession(db, deps.jwtSecret, user.id);
    return { success: true, Token: token, ...said(code), user: selfView(user) };
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
    async registerUser(body: { name: string; number: string; password: string }) {
      const user = await createAccount(body, 'user');
      return signedIn(user, 'user_registered');
    },

    /** Identity documents stream encrypted into private storage, named by the new account's id. */
    identityUploads: {
      storage: deps.storage,
      folder: (id) => `private/identity/${id}`,
      transform: () => encryptStream(deps.fileKey),
    } satisfies UploadTarget,

    /**
     * The files arrived first, checked and encrypted, one in each document field (the contract
     * requires all three); the account and its document rows are written in one transaction,
     * which then owns the files.
     */
    async registerDriver(upload: CheckedUpload<z.output<typeof driverRegisterFields>>) {
      const documents = upload.files.map((f) => ({
        id: randomUUID(),
        field: f.field as (typeof driverDocumentFields)[number],
        key: f.key,
        mime: f.mime,
        bytes: f.bytes,
      }));
      const user = await createAccount(upload.fields, 'driver', documents, upload.id);
      upload.keep();
      await deps.attentionChanged();
      return signedIn(user, 'registered');
    },

    /**
     * Every try counts against the IP (the contract's limit). Per number only the tries since
     * its last right password count, and past a few of them the number is slowed, never locked:
     * one try per few seconds (a 429 with that Retry-After, before the password is checked), so
     * a stranger's wrong guesses cost the owner seconds, not 15 minutes. Tries are counted
     * before the check, so a burst of parallel guesses cannot slip past; a right password
     * clears the count. This rule stays here, not in the contract: its spacing applies only past
     * the free tries, and the password's check resets it.
     */
    async login(body: { number: string; password: string }) {
      const tries = `signin:number:${body.number}`;
      if ((await limiter.hit(tries, rateLimits.signInFreeTriesPerNumber, window)) > 0) {
        const wait = await limiter.hit(
          `signin:spacing:${body.number}`,
          1,
          rateLimits.signInSpacingSeconds,
        );
        if (wait > 0) throw new HttpError(429, 'signin_slow_down', undefined, { retryAfter: wait });
      }
      const user = await findUserByPhone(db, body.number);
      const ok = await verifyPassword(
        user?.passwordHash ?? (await dummyPasswordHash()),
        body.password,
      );
      // An account past its deletion time is as good as gone: it is being erased.
      if (!user || !ok || deletionPassed(user)) throw new HttpError(401, 'login_failed');
      await limiter.reset(tries);
      if (isBlocked(user)) {
        throw Forbidden('account_blocked', {
          block: blockOf(user),
          user: { name: user.name, number: user.phone },
        });
      }
      // Signing in within the grace period keeps the account (DPDP deletion, features/account).
      if (user.deletionDueAt && (await cancelDeletion(db, user.id))) {
        return signedIn({ ...user, deletionDueAt: null }, 'deletion_cancelled');
      }
      return signedIn(user, 'logged_in');
    },

    me(viewer: Viewer) {
      return { success: true as const, user: selfView(viewer.user) };
    },

    async logout(viewer: Viewer) {
      await revokeSession(db, viewer.sessionId, 'logout');
      await endStreams(viewer.user.id);
      return { success: true as const, ...said('logged_out') };
    },

    /**
     * Same answer, at the same speed, whether or not the number has an account: the answer
     * waits only for the contract's rate limits, which are the same for every number. Looking
     * the number up, writing the token and sending the SMS all happen after the answer.
     */
    forgotPassword(number: string) {
      afterAnswer.run(() => sendResetLink(number));
      return { success: true as const, ...said('reset_sent') };
    },

    /** Waits for the reset links still being sent (on shutdown). */
    settle: () => afterAnswer.settle(),

    async resetPassword(token: string, password: string) {
      const userId = await consumePasswordReset(db, sha256(token));
      if (!userId) throw Invalid('reset_invalid');
      await replacePassword(db, userId, await hashPassword(password));
      await endStreams(userId);
      return { success: true as const, ...said('reset_done') };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
