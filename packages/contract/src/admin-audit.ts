import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall } from './call.js';

/** Every action the server records; the console names each one in English and Hindi. */
export const auditActions = [
  'driver.verified',
  'driver.rejected',
  'user.blocked',
  'user.unblocked',
  'admin.promoted',
  'admin.demoted',
  'admin.created',
  'reports.dismissed',
  'post.removed',
  'help.claimed',
  'help.noted',
  'help.resolved',
  'business.created',
  'business.updated',
  'business.deleted',
  'safety.created',
  'safety.updated',
  'safety.deleted',
  'team_contact.created',
  'team_contact.updated',
  'team_contact.deleted',
  'account.erased',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = [
  'user',
  'post',
  'help_request',
  'business',
  'safety_caution',
  'team_contact',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** One admin action as the audit log shows it. `details` never holds personal data. */
export const auditEntry = z.object({
  _id: z.uuid(),
  actor: z.object({ _id: z.uuid().nullable(), name: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's name when it is a user that still exists. */
  targetName: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditPageSize = 30;

export const auditCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/v1/admin/audit',
    summary: 'The audit log, newest first, optionally for one action and/or one target',
    auth: 'admin',
    query: z.object({
      action: textInput().trim().max(60).optional(),
      targetType: textInput().trim().max(40).optional(),
      targetId: textInput().trim().max(60).optional(),
      cursor: textInput().optional(),
    }),
    response: z.object({
      success: z.literal(true),
      entries: z.array(auditEntry),
      nextCursor: z.string().nullable(),
      /** Every action the log holds, for the filter. */
      actions: z.array(z.string()),
    }),
  }),
};
