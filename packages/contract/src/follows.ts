import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall } from './call.js';
import { imageRef, userType } from './users.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';

export const userIdParam = z.object({ userId: z.uuid(coded('user_not_found')) });

/** A person in a list: what anyone may see. */
export const personSummary = z.object({
  _id: z.uuid(),
  name: z.string(),
  usertype: userType,
  profileImage: imageRef,
});
export type PersonSummary = z.infer<typeof personSummary>;

export const followStats = z.object({
  success: z.literal(true),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
});

export const listQuery = z.object({
  cursor: textInput().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const suggestion = personSummary.extend({
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  /** Why we suggest them, for the screen: mutual follows, active poster or nearby. */
  reason: z.enum(['followed_by_people_you_follow', 'active', 'nearby', 'new']),
});
export type Suggestion = z.infer<typeof suggestion>;

const done = z.object({ success: z.literal(true), ...saidFields });

export const followCalls = {
  check: defineCall({
    method: 'GET',
    path: '/api/follow/check/:userId',
    summary: 'Whether the caller follows this user',
    auth: 'user',
    params: userIdParam,
    response: z.object({ success: z.literal(true), isFollowing: z.boolean() }),
  }),
  stats: defineCall({
    method: 'GET',
    path: '/api/follow/stats/:userId',
    summary: "A user's follower and following counts (no sign-in needed)",
    auth: 'optional',
    params: userIdParam,
    response: followStats,
  }),
  follow: defineCall({
    method: 'POST',
    path: '/api/follow/follow/:userId',
    summary: 'Follow a user (following twice is not an error)',
    auth: 'user',
    params: userIdParam,
    response: done,
  }),
  unfollow: defineCall({
    method: 'DELETE',
    path: '/api/follow/unfollow/:userId',
    summary: 'Stop following a user',
    auth: 'user',
    params: userIdParam,
    response: done,
  }),
  followers: defineCall({
    method: 'GET',
    path: '/api/follow/followers/:userId',
    summary: 'Who follows a user, newest first',
    auth: 'user',
    params: userIdParam,
    query: listQuery,
    response: z.object({
      success: z.literal(true),
      followers: z.array(z.object({ follower: personSummary })),
      nextCursor: z.string().nullable(),
    }),
  }),
  following: defineCall({
    method: 'GET',
    path: '/api/follow/following/:userId',
    summary: 'Whom a user follows, newest first',
    auth: 'user',
    params: userIdParam,
    query: listQuery,
    response: z.object({
      success: z.literal(true),
      following: z.array(z.object({ following: personSummary })),
      nextCursor: z.string().nullable(),
    }),
  }),
  suggestions: defineCall({
    method: 'GET',
    path: '/api/follow/suggestions',
    summary: 'People the caller may want to follow',
    auth: 'user',
    response: z.object({ success: z.literal(true), suggestions: z.array(suggestion) }),
  }),
};
