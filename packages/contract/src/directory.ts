import { z } from 'zod';
import { defineCall } from './call.js';

export const businessStatus = z.enum(['active', 'inactive']);

/** A business partner (spec 001: Our Business Partners). */
export const business = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  status: businessStatus,
  category: z.string(),
});
export type Business = z.infer<typeof business>;

/** A driver safety caution: an image and/or a video with a note. */
export const safetyCaution = z.object({
  _id: z.uuid(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type SafetyCaution = z.infer<typeof safetyCaution>;

export const directoryCalls = {
  businesses: defineCall({
    method: 'GET',
    path: '/api/v1/buisness',
    summary: 'Business partners (the spec spells the path this way); answers data.data',
    auth: 'user',
    response: z.object({
      success: z.literal(true),
      data: z.object({ data: z.array(business) }),
    }),
  }),
  safety: defineCall({
    method: 'GET',
    path: '/api/v1/all/safety',
    summary: 'Driver safety cautions, newest first (no sign-in needed)',
    auth: 'public',
    response: z.object({ success: z.literal(true), data: z.array(safetyCaution) }),
  }),
};
