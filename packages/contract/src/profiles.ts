import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall } from './call.js';
import { userIdParam } from './follows.js';
import { limits } from './limits.js';
import { product } from './posts.js';
import { imageRef, selfUser, userType } from './users.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';
import { photoRule } from './file-rules.js';

/** Another user's profile as anyone may see it; the number only when they chose to show it. */
export const publicProfileUser = z.object({
  _id: z.uuid(),
  name: z.string(),
  usertype: userType,
  profileImage: imageRef,
  createdAt: z.string(),
  number: z.string().optional(),
});

export const profileResponse = z.object({
  success: z.literal(true),
  profile: z.object({
    user: publicProfileUser,
    followStats: z.object({
      videosCount: z.number().int(),
      followersCount: z.number().int(),
      followingCount: z.number().int(),
    }),
    isFollowing: z.boolean(),
    /** The newest 60 ready posts. */
    videos: z.array(product),
  }),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Text fields of PUT /api/v1/me/profile (multipart; an optional `photo` file). */
export const updateProfileFields = z.object({
  name: textInput()
    .trim()
    .min(limits.nameMin, coded('name_length'))
    .max(limits.nameMax, coded('name_length'))
    .optional(),
  showNumber: flag.optional(),
  /** 'true' removes the photo (back to the default avatar). */
  removePhoto: flag.optional(),
});

export const profileCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/v1/user/profile/:userId',
    summary: "A user's public profile: header, counts, whether the caller follows, videos",
    auth: 'user',
    params: userIdParam,
    response: profileResponse,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/api/v1/me/profile',
    summary: 'Change own name, photo and whether others may see the number (multipart)',
    auth: 'user',
    multipart: { fields: updateProfileFields, files: { photo: photoRule('photo_type') } },
    response: z.object({ success: z.literal(true), ...saidFields, user: selfUser }),
  }),
};
