import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall } from './call.js';
import { optionalReason, requiredReason } from './admin-users.js';
import { messageResponse } from './common.js';
import { product, videoIdParam } from './posts.js';

export const moderationLimits = { queuePageMax: 50, queuePageDefault: 20 };

export const reportedBy = z.object({
  _id: z.uuid(),
  reason: z.string(),
  createdAt: z.string(),
  reporter: z.object({ _id: z.uuid(), name: z.string() }),
});
export type ReportedBy = z.infer<typeof reportedBy>;

/** One post in the queue with every open report on it, oldest first. */
export const reportedPost = z.object({
  post: product,
  reportCount: z.number().int(),
  firstReportedAt: z.string(),
  /** Already blocked (e.g. for another post): the queue offers no second block. */
  authorBlocked: z.boolean(),
  reports: z.array(reportedBy),
});
export type ReportedPost = z.infer<typeof reportedPost>;

export const reportQueueQuery = z.object({
  cursor: textInput().max(400).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(moderationLimits.queuePageMax)
    .default(moderationLimits.queuePageDefault),
});

/** Dismissing may carry a note; removing needs a reason (the author and the log read it). */
export const dismissBody = z.object({ note: optionalReason });
export const removeBody = z.object({ reason: requiredReason });

export const moderationCalls = {
  queue: defineCall({
    method: 'GET',
    path: '/api/v1/admin/reports',
    summary:
      'Open reports grouped per post: emergency posts first, then most reported, then oldest',
    auth: 'admin',
    query: reportQueueQuery,
    response: z.object({
      success: z.literal(true),
      items: z.array(reportedPost),
      nextCursor: z.string().nullable(),
    }),
  }),
  dismiss: defineCall({
    method: 'POST',
    path: '/api/v1/admin/reports/:videoId/dismiss',
    summary: 'Dismiss every open report on a post (the post stays); reporters are told',
    auth: 'admin',
    params: videoIdParam,
    body: dismissBody,
    response: messageResponse,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/api/v1/admin/reports/:videoId/remove',
    summary: 'Remove a reported post and its media; its reports are actioned, reporters told',
    auth: 'admin',
    params: videoIdParam,
    body: removeBody,
    response: messageResponse,
  }),
  removeAndBlock: defineCall({
    method: 'POST',
    path: '/api/v1/admin/reports/:videoId/remove-and-block',
    summary:
      'Remove a reported post and block its author (not an admin) with the reason; an author already blocked stays blocked as before',
    auth: 'admin',
    params: videoIdParam,
    body: removeBody,
    response: messageResponse,
  }),
};
