import { z } from 'zod';
import { defineCall } from './call.js';
import { fileBody, messageResponse } from './common.js';
import { limits, rateLimits } from './limits.js';
import { textInput } from './text.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';

/** Rules of the account's own rights (DPDP Act 2023): deletion and download of one's data. */
export const accountLimits = {
  /** Signing in within this time after asking cancels the deletion. */
  deletionGraceDays: 7,
  /** A data download is kept this long after it is ready, then deleted. */
  exportValidHours: 24,
} as const;

const deletionPassword = textInput(coded('deletion_password_required'))
  .min(1, coded('deletion_password_required'))
  .max(limits.passwordMax, coded('password_long'));

/** POST /api/v1/me/deletion */
export const deletionBody = z.object({ password: deletionPassword });

export const deletionResponse = z.object({
  success: z.literal(true),
  ...saidFields,
  /** ISO time the account is erased unless its owner signs in before. */
  deletionDueAt: z.string(),
});

/**
 * POST /api/v1/me/export. The vault's documents are included only when the vault password
 * is given here (or a live vault token rides in the x-vault-token header).
 */
export const exportBody = z.object({
  vaultPassword: textInput()
    .max(limits.passwordMax, coded('password_long'))
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const exportResponse = z.object({
  success: z.literal(true),
  ...saidFields,
  exportId: z.uuid(),
});

/** The caller's latest archive that has not expired, if any. */
export const latestExportResponse = z.object({
  success: z.literal(true),
  export: z
    .object({
      _id: z.uuid(),
      status: z.enum(['building', 'ready', 'failed']),
      createdAt: z.string(),
      /** ISO time the download ends (24 hours after it was ready); null until ready. */
      expiresAt: z.string().nullable(),
      /** The download (owner only); null until ready. */
      url: z.string().nullable(),
    })
    .nullable(),
});
export type LatestExport = z.infer<typeof latestExportResponse>['export'];

export const accountCalls = {
  requestDeletion: defineCall({
    method: 'POST',
    path: '/api/v1/me/deletion',
    summary: 'Delete my account after a 7-day grace period (password required)',
    auth: 'user',
    body: deletionBody,
    response: deletionResponse,
    // Counts every try, right or wrong: a stolen session cannot guess the password.
    limits: [
      {
        counter: 'deletion',
        per: 'user',
        max: rateLimits.deletionTriesPerUser,
        windowSeconds: rateLimits.windowSeconds,
        code: 'too_many_attempts',
      },
    ],
  }),
  cancelDeletion: defineCall({
    method: 'DELETE',
    path: '/api/v1/me/deletion',
    summary: 'Keep my account: cancel a pending deletion',
    auth: 'user',
    response: messageResponse,
  }),
  requestExport: defineCall({
    method: 'POST',
    path: '/api/v1/me/export',
    summary: 'Download my data: a ZIP built in the background, announced by a notification',
    auth: 'user',
    body: exportBody,
    response: exportResponse,
  }),
  latestExport: defineCall({
    method: 'GET',
    path: '/api/v1/me/export',
    summary: 'How my latest data download stands, with its link once ready',
    auth: 'user',
    response: latestExportResponse,
  }),
  downloadExport: defineCall({
    method: 'GET',
    path: '/api/v1/me/exports/:exportId',
    summary: 'Download my data: the ZIP, for its owner only, for 24 hours (not cached)',
    auth: 'user',
    params: z.object({ exportId: z.uuid() }),
    response: fileBody,
    file: { contentType: 'application/zip', disposition: 'attachment' },
  }),
};
