import { z } from 'zod';
import { multilineInput, textInput } from './text.js';
import { defineCall } from './call.js';
import { messageResponse } from './common.js';
import { limits } from './limits.js';
import { imageRef, userType } from './users.js';
import { uploadRef } from './uploads.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';
import { postImageRule, postVideoRule } from './file-rules.js';

export const postStatus = z.enum(['processing', 'ready', 'failed']);
export type PostStatus = z.infer<typeof postStatus>;

/** An author as anyone may see them: the number only when its owner chose to show it. */
export const publicAuthor = z.object({
  _id: z.uuid(),
  name: z.string(),
  usertype: userType,
  profileImage: imageRef,
  number: z.string().optional(),
});
export type PublicAuthor = z.infer<typeof publicAuthor>;

/** One encoding of a post's video; the player picks one by the network (docs/api.md). */
export const videoRendition = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The most it needs, video and audio together: the cap it was encoded under. */
  kbps: z.number().int(),
});
export type VideoRendition = z.infer<typeof videoRendition>;

export const postVideo = z.object({
  /** The 720p file, for the spec's clients; the same file is the last rendition. */
  url: z.string(),
  /** The full poster (JPEG, 720p), for where the video is shown large. */
  posterUrl: z.string(),
  /**
   * The feed's poster: WebP, at most 480 px on its long side and 25 KB. The full poster
   * until an old post's small one is made (docs/api.md).
   */
  posterSmallUrl: z.string(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** Lowest first; never empty. */
  renditions: z.array(videoRendition).min(1),
});

export const postImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** A post ("product" in the spec's lists). `reviews` is not sent: see docs/api.md. */
export const product = z.object({
  _id: z.uuid(),
  title: z.string(),
  caption: z.string(),
  location: z.string(),
  emergency: z.boolean(),
  createdAt: z.string(),
  status: postStatus,
  /** Shown to the author when processing failed. */
  failureReason: z.string().nullable(),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  commentsCount: z.number().int(),
  video: postVideo.nullable(),
  images: z.array(postImage),
  user: publicAuthor,
});
export type Product = z.infer<typeof product>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

/**
 * Browsers send a textarea's line breaks as CRLF (multipart fields always do); stored text
 * keeps one form, \n, so lengths, titles and the display agree. Runs before the length check.
 */
export const unixLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/** Text fields of POST /api/v1/video/new; files: images (many), video (one). */
export const newPostFields = z.object({
  caption: multilineInput()
    .overwrite(unixLineBreaks)
    .trim()
    .max(limits.captionMax, coded('caption_too_long'))
    .optional()
    .transform((v) => v ?? ''),
  location: textInput(coded('location_required'))
    .trim()
    .min(1, coded('location_required'))
    .max(limits.locationMax, coded('location_too_long')),
  emergency: flag,
});
export const postFileFields = ['images', 'video'] as const;
const postFiles = {
  images: postImageRule(limits.postImagesMax, 'too_many_images'),
  video: postVideoRule('too_many_videos'),
} as const;

/**
 * The JSON form of POST /api/v1/video/new: the same fields, with files that arrived as
 * resumable uploads (uploads.ts) named by id instead of sent in the body. Like the multipart
 * form, it names a video or at least one image.
 */
export const newPostFromUploads = newPostFields
  .extend({
    videoUploadId: uploadRef.optional(),
    imageUploadIds: z
      .array(uploadRef)
      .max(limits.postImagesMax, coded('too_many_images'))
      .optional()
      .transform((v) => v ?? []),
  })
  .refine(
    (form) => form.videoUploadId !== undefined || form.imageUploadIds.length > 0,
    coded('post_media_required'),
  );
export type NewPostFromUploads = z.output<typeof newPostFromUploads>;

export const videoIdParam = z.object({ videoId: z.uuid(coded('post_not_found')) });

export const feedQuery = z.object({
  cursor: textInput().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(limits.feedPageMax).default(limits.feedPageDefault),
  /** Only posts flagged emergency (the /emergency page). */
  emergency: flag,
});

export const feedResponse = z.object({
  success: z.literal(true),
  products: z.array(product),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});

export const productResponse = z.object({ success: z.literal(true), product });
export const uploadResponse = z.object({
  success: z.literal(true),
  ...saidFields,
  product,
});
export const myPostsResponse = z.object({ success: z.literal(true), products: z.array(product) });

export const likeResponse = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  likes: z.number().int(),
});

export const postCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/v1/video/new',
    summary:
      'Post images and/or a video (multipart, or JSON naming finished uploads); processed in the background',
    auth: 'user',
    multipart: {
      fields: newPostFields,
      files: postFiles,
      anyOf: { fields: postFileFields, code: 'post_media_required' },
    },
    /** Absent for multipart requests. */
    body: newPostFromUploads.optional(),
    response: uploadResponse,
  }),
  feed: defineCall({
    method: 'GET',
    path: '/api/v1/video/all',
    summary: 'The feed: ready posts, newest first, a page at a time',
    auth: 'optional',
    query: feedQuery,
    response: feedResponse,
  }),
  mine: defineCall({
    method: 'GET',
    path: '/api/v1/video/mine',
    summary: "The caller's own posts in every state (processing, ready, failed)",
    auth: 'user',
    response: myPostsResponse,
  }),
  get: defineCall({
    method: 'GET',
    path: '/api/v1/video/:videoId',
    summary: 'One ready post (shared links open it)',
    auth: 'optional',
    params: videoIdParam,
    response: productResponse,
  }),
  retry: defineCall({
    method: 'POST',
    path: '/api/v1/video/:videoId/retry',
    summary: 'Process a failed post again (its author only)',
    auth: 'user',
    params: videoIdParam,
    response: productResponse,
  }),
  toggleLike: defineCall({
    method: 'PUT',
    path: '/api/v1/toggle/like/:videoId',
    summary: 'Like or unlike a post',
    auth: 'user',
    params: videoIdParam,
    response: likeResponse,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/v1/admin/product/:videoId',
    summary: 'Delete a post and its media (its author or an admin)',
    auth: 'user',
    params: videoIdParam,
    response: messageResponse,
  }),
};
