import { z } from 'zod';
import { multilineInput, textInput } from './text.js';
import { defineCall } from './call.js';
import { messageResponse } from './common.js';
import { limits, rateLimits } from './limits.js';
import { unixLineBreaks, videoIdParam } from './posts.js';
import { imageRef } from './users.js';
import { coded } from './coded.js';

export const comment = z.object({
  _id: z.uuid(),
  comment: z.string(),
  name: z.string(),
  user: z.object({ _id: z.uuid(), name: z.string(), profileImage: imageRef }),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof comment>;

export const newCommentBody = z.object({
  comment: multilineInput(coded('comment_required'))
    .overwrite(unixLineBreaks)
    .trim()
    .min(1, coded('comment_required'))
    .max(limits.commentMax, coded('comment_too_long')),
});

export const commentsQuery = z.object({
  cursor: textInput().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.commentsPageMax)
    .default(limits.commentsPageDefault),
});

export const commentParams = videoIdParam.extend({
  commentId: z.uuid(coded('comment_not_found')),
});

export const commentCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/v1/video/:videoId/comments',
    summary: "A post's comments, newest first, a page at a time (no sign-in needed)",
    auth: 'optional',
    params: videoIdParam,
    query: commentsQuery,
    response: z.object({
      success: z.literal(true),
      comments: z.array(comment),
      total: z.number().int(),
      nextCursor: z.string().nullable(),
    }),
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/v1/video/:videoId/comment',
    summary: 'Comment on a post',
    auth: 'user',
    params: videoIdParam,
    body: newCommentBody,
    response: z.object({ success: z.literal(true), comment }),
    // Counted before the post is looked at: one on a post that is gone counts too.
    limits: [
      {
        counter: 'comments',
        per: 'user',
        max: rateLimits.commentsPerMinute,
        windowSeconds: 60,
        code: 'too_many_attempts',
      },
    ],
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/v1/video/:videoId/comment/:commentId',
    summary: 'Delete one of your own comments',
    auth: 'user',
    params: commentParams,
    response: messageResponse,
  }),
};
