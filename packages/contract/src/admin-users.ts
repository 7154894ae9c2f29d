import { z } from 'zod';
import { multilineInput, textInput } from './text.js';
import { personName, phoneNumber } from './auth.js';
import { defineCall } from './call.js';
import { userIdParam } from './follows.js';
import { limits } from './limits.js';
import { blockInfo, imageRef, userType, verificationStatus } from './users.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';
import { fileBody } from './common.js';

export const adminLimits = {
  reasonMax: 500,
  searchMax: 60,
  usersPage: 20,
  /** The newest of each list on a user's page; older ones are in the audit log or the queues. */
  userPageItems: 50,
} as const;

/** Filters of the users list: everyone, drivers awaiting verification, blocked accounts, admins. */
export const adminUserFilters = ['all', 'pending', 'blocked', 'admins'] as const;
export type AdminUserFilter = (typeof adminUserFilters)[number];

const reasonText = multilineInput(coded('admin_reason_required'))
  .trim()
  .max(adminLimits.reasonMax, coded('admin_reason_too_long'));
/** Why an admin acted, as the audit log (and often the person concerned) reads it. */
export const requiredReason = reasonText.min(1, coded('admin_reason_required'));
/** A note the admin may add; an empty one counts as none. */
export const optionalReason = reasonText.optional().transform((v) => (v ? v : undefined));

/** Admin passwords follow the reset rule (8+), not sign-up's 4: these accounts read documents. */
const adminPassword = textInput(coded('password_required'))
  .min(1, coded('password_required'))
  .min(limits.passwordMinReset, coded('reset_password_short'))
  .max(limits.passwordMax, coded('password_long'));

/** One row of the users list. Admins see the full number: they call drivers back. */
export const adminUserSummary = z.object({
  _id: z.uuid(),
  name: z.string(),
  number: z.string(),
  usertype: userType,
  verification: verificationStatus,
  blocked: z.boolean(),
  profileImage: imageRef,
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummary>;

export const adminUserDetail = adminUserSummary.extend({
  verificationNote: z.string().nullable(),
  block: blockInfo,
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminUserPost = z.object({
  _id: z.uuid(),
  caption: z.string(),
  location: z.string(),
  emergency: z.boolean(),
  status: z.enum(['processing', 'ready', 'failed']),
  removed: z.boolean(),
  posterUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserPost = z.infer<typeof adminUserPost>;

/** A report seen from a user's page: `person` is the reporter (against) or the author (by). */
export const adminUserReport = z.object({
  _id: z.uuid(),
  postId: z.uuid(),
  reason: z.string(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  person: z.object({ _id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
});
export type AdminUserReport = z.infer<typeof adminUserReport>;

export const identityDocumentKinds = ['aadharFile', 'aadharFileBack', 'DrivingLicense'] as const;

/** A sign-up document; `url` is the admin-only route that decrypts it, never a public path. */
export const adminIdentityDocument = z.object({
  _id: z.uuid(),
  kind: z.enum(identityDocumentKinds),
  mime: z.string(),
  bytes: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
  /** When the image was erased (kept only a while after the verification decision); null while kept. */
  erasedAt: z.string().nullable(),
});
export type AdminIdentityDocument = z.infer<typeof adminIdentityDocument>;

const userAnswer = z.object({
  success: z.literal(true),
  ...saidFields,
  user: adminUserDetail,
});

export const adminUserCalls = {
  search: defineCall({
    method: 'GET',
    path: '/api/v1/admin/users',
    summary: 'Users by name or number (partial digits match), newest first, with a filter',
    auth: 'admin',
    query: z.object({
      q: textInput()
        .trim()
        .max(adminLimits.searchMax, coded('admin_search_too_long'))
        .optional()
        .transform((v) => v ?? ''),
      filter: z.enum(adminUserFilters).optional().default('all'),
      cursor: textInput().optional(),
    }),
    response: z.object({
      success: z.literal(true),
      users: z.array(adminUserSummary),
      nextCursor: z.string().nullable(),
    }),
  }),
  detail: defineCall({
    method: 'GET',
    path: '/api/v1/admin/users/:userId',
    summary: "A user's page: profile, verification, block, posts, reports, identity documents",
    auth: 'admin',
    params: userIdParam,
    response: z.object({
      success: z.literal(true),
      user: adminUserDetail,
      posts: z.array(adminUserPost),
      reportsAgainst: z.array(adminUserReport),
      reportsBy: z.array(adminUserReport),
      documents: z.array(adminIdentityDocument),
    }),
  }),
  verify: defineCall({
    method: 'POST',
    path: '/api/v1/admin/users/:userId/verification',
    summary: 'Verify or reject a driver (a reason is required to reject); the driver is notified',
    auth: 'admin',
    params: userIdParam,
    body: z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('verified'), reason: optionalReason }),
      z.object({ outcome: z.literal('rejected'), reason: requiredReason }),
    ]),
    response: userAnswer,
  }),
  block: defineCall({
    method: 'POST',
    path: '/api/v1/admin/users/:userId/block',
    summary: 'Block an account with a reason; its open sessions stop working at once',
    auth: 'admin',
    params: userIdParam,
    body: z.object({ reason: requiredReason }),
    response: userAnswer,
  }),
  unblock: defineCall({
    method: 'POST',
    path: '/api/v1/admin/users/:userId/unblock',
    summary: 'Unblock an account (it signs in again)',
    auth: 'admin',
    params: userIdParam,
    body: z.object({ reason: optionalReason }),
    response: userAnswer,
  }),
  promote: defineCall({
    method: 'POST',
    path: '/api/v1/admin/users/:userId/promote',
    summary: 'Make an existing account an admin',
    auth: 'admin',
    params: userIdParam,
    body: z.object({ reason: optionalReason }),
    response: userAnswer,
  }),
  demote: defineCall({
    method: 'POST',
    path: '/api/v1/admin/users/:userId/demote',
    summary: 'Remove the admin role of another admin (back to driver or user)',
    auth: 'admin',
    params: userIdParam,
    body: z.object({ reason: optionalReason }),
    response: userAnswer,
  }),
  createAdmin: defineCall({
    method: 'POST',
    path: '/api/v1/admin/admins',
    summary: 'Create a new admin account (name, number, password of 8+ characters)',
    auth: 'admin',
    body: z.object({ name: personName, number: phoneNumber, password: adminPassword }),
    response: userAnswer,
  }),
  document: defineCall({
    method: 'GET',
    path: '/api/v1/admin/users/:userId/documents/:docId',
    summary: "A driver's identity document, decrypted on the fly (admins only, never cached)",
    auth: 'admin',
    params: z.object({ userId: z.uuid(), docId: z.uuid() }),
    response: fileBody,
    file: { disposition: 'inline' },
  }),
};
