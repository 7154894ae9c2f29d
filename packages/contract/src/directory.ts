import { z } from 'zod';
import { multilineInput, optionalHindiName, textInput } from './text.js';
import { defineCall } from './call.js';
import { idParam, messageResponse } from './common.js';
import { coded } from './coded.js';
import type { MessageCode } from './messages.js';
import { saidFields } from './said.js';
import { postImageRule, postVideoRule } from './file-rules.js';

export const businessStatus = z.enum(['active', 'inactive']);

/**
 * The categories the team picks from; the app shows each in the reader's language. Rows saved
 * before the list existed keep their text and are shown as written.
 */
export const businessCategories = [
  'dhaba',
  'fuel_station',
  'tyres',
  'vehicle_service',
  'spare_parts',
  'towing',
  'insurance',
  'finance',
  'transport',
  'lodging',
  'medical',
  'other',
] as const;
export type BusinessCategory = (typeof businessCategories)[number];

/** A business partner (spec 001: Our Business Partners). */
export const business = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The name for readers in Hindi; null when the team gave none. */
  nameHi: z.string().nullable(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  status: businessStatus,
  /** One of `businessCategories`, or the free text of a row saved before the list existed. */
  category: z.string(),
});
export type Business = z.infer<typeof business>;

/** A driver safety caution: an image and/or a video with a note. */
export const safetyCaution = z.object({
  _id: z.uuid(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  /** A still of the video for `<video poster>`, when the video went through our pipeline. */
  poster: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type SafetyCaution = z.infer<typeof safetyCaution>;

/** Optional text: absent or blank becomes '' (the columns are never null). */
const optionalText = (max: number, tooLong: MessageCode) =>
  multilineInput()
    .trim()
    .max(max, coded(tooLong))
    .optional()
    .transform((v) => v ?? '');

/** What the team fills in for a business; the spec's fields, plus its place in the list. */
export const businessInput = z.object({
  name: textInput(coded('business_name_required'))
    .trim()
    .min(1, coded('business_name_required'))
    .max(100, coded('business_name_too_long')),
  nameHi: optionalHindiName(100, 'business_name_too_long'),
  description: optionalText(1000, 'business_description_too_long'),
  address: optionalText(300, 'business_address_too_long'),
  // Digits, spaces and a leading +: what a phone's dialler takes from a tel: link.
  phone: textInput()
    .trim()
    .regex(/^(\+?[0-9][0-9 ]{4,22}[0-9])?$/, coded('business_phone_invalid'))
    .optional()
    .transform((v) => v ?? ''),
  email: z
    .union(
      [
        z.literal(''),
        z.email(coded('business_email_invalid')).max(200, coded('business_email_invalid')),
      ],
      coded('business_email_invalid'),
    )
    .optional()
    .transform((v) => v ?? ''),
  status: z.enum(['active', 'inactive'], coded('business_status_invalid')).default('active'),
  category: z.enum(businessCategories, coded('business_category_required')),
  position: z
    .number(coded('business_position_invalid'))
    .int(coded('business_position_invalid'))
    .min(0, coded('business_position_invalid'))
    .max(10_000, coded('business_position_invalid'))
    .default(0),
});
export type BusinessInput = z.input<typeof businessInput>;

export const adminBusiness = business.extend({ position: z.number().int(), createdAt: z.string() });
export type AdminBusiness = z.infer<typeof adminBusiness>;

export const safetyStatus = z.enum(['processing', 'ready', 'failed']);
export const adminSafetyCaution = safetyCaution.extend({
  status: safetyStatus,
  failureReason: z.string().nullable(),
});
export type AdminSafetyCaution = z.infer<typeof adminSafetyCaution>;

const safetyNote = multilineInput(coded('safety_note_required'))
  .trim()
  .min(1, coded('safety_note_required'))
  .max(1000, coded('safety_note_too_long'));
/** Text field of the multipart create call; files: image (one), video (one). */
export const safetyFields = z.object({ note: safetyNote });
export const safetyFileFields = ['image', 'video'] as const;
/** The same checks as a post's files, one of each kind. */
const safetyFiles = {
  image: postImageRule(1, 'safety_one_file'),
  video: postVideoRule('safety_one_file'),
} as const;

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
  adminBusinesses: defineCall({
    method: 'GET',
    path: '/api/v1/admin/businesses',
    summary: 'Every business, inactive ones too, in the order the team arranged them',
    auth: 'admin',
    response: z.object({ success: z.literal(true), businesses: z.array(adminBusiness) }),
  }),
  createBusiness: defineCall({
    method: 'POST',
    path: '/api/v1/admin/businesses',
    summary: 'Add a business partner',
    auth: 'admin',
    body: businessInput,
    response: z.object({ success: z.literal(true), ...saidFields, business: adminBusiness }),
  }),
  updateBusiness: defineCall({
    method: 'PUT',
    path: '/api/v1/admin/businesses/:id',
    summary: 'Change a business partner (every field is sent)',
    auth: 'admin',
    params: idParam,
    body: businessInput,
    response: z.object({ success: z.literal(true), ...saidFields, business: adminBusiness }),
  }),
  deleteBusiness: defineCall({
    method: 'DELETE',
    path: '/api/v1/admin/businesses/:id',
    summary: 'Remove a business partner',
    auth: 'admin',
    params: idParam,
    response: messageResponse,
  }),
  adminSafety: defineCall({
    method: 'GET',
    path: '/api/v1/admin/safety',
    summary: 'Every safety caution with its processing state, newest first',
    auth: 'admin',
    response: z.object({ success: z.literal(true), cautions: z.array(adminSafetyCaution) }),
  }),
  createSafety: defineCall({
    method: 'POST',
    path: '/api/v1/admin/safety',
    summary: 'Add a safety caution: note plus an image and/or a video (processed, then listed)',
    auth: 'admin',
    multipart: {
      fields: safetyFields,
      files: safetyFiles,
      anyOf: { fields: safetyFileFields, code: 'safety_media_required' },
    },
    response: z.object({
      success: z.literal(true),
      ...saidFields,
      caution: adminSafetyCaution,
    }),
  }),
  updateSafety: defineCall({
    method: 'PUT',
    path: '/api/v1/admin/safety/:id',
    summary: "Change a safety caution's note",
    auth: 'admin',
    params: idParam,
    body: safetyFields,
    response: z.object({
      success: z.literal(true),
      ...saidFields,
      caution: adminSafetyCaution,
    }),
  }),
  deleteSafety: defineCall({
    method: 'DELETE',
    path: '/api/v1/admin/safety/:id',
    summary: 'Remove a safety caution and its files',
    auth: 'admin',
    params: idParam,
    response: messageResponse,
  }),
};
