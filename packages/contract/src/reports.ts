import { z } from 'zod';
import { multilineInput, textInput } from './text.js';
import { defineCall } from './call.js';
import { messageResponse } from './common.js';
import { limits, rateLimits } from './limits.js';
import { coded } from './coded.js';

/**
 * The spec's client also sends reporterId and reporterName; they are accepted and ignored:
 * the reporter is whoever the token says.
 */
export const reportBody = z.object({
  videoId: z.uuid(coded('post_not_found')),
  reason: multilineInput(coded('report_reason_required'))
    .trim()
    .min(1, coded('report_reason_required'))
    .max(limits.reportReasonMax, coded('report_reason_too_long')),
  reporterId: textInput().optional(),
  reporterName: textInput().optional(),
});

export const reportCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/v1/video/report',
    summary: 'Report a post to the moderators',
    auth: 'user',
    body: reportBody,
    response: messageResponse,
    limits: [
      {
        counter: 'reports',
        per: 'user',
        max: rateLimits.reportsPerHour,
        windowSeconds: 3600,
        code: 'too_many_attempts',
      },
    ],
  }),
};
