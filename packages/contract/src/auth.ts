import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall, type LimitRule } from './call.js';
import { messageResponse } from './common.js';
import { limits, rateLimits } from './limits.js';
import { messages } from './messages.js';
import { normalizeIndianMobile } from './phone.js';
import { blockInfo, selfUser } from './users.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';
import { photoTypes, type FileRule } from './file-rules.js';

const trimmed = textInput(coded('invalid_input')).trim();

export const phoneNumber = trimmed.min(1, coded('number_required')).transform((value, ctx) => {
  const normalized = normalizeIndianMobile(value);
  if (!normalized) {
    ctx.addIssue({
      code: 'custom',
      message: messages.number_invalid,
      params: { code: 'number_invalid' },
    });
    return z.NEVER;
  }
  return normalized;
});

const signInPassword = textInput(coded('password_required'))
  .min(1, coded('password_required'))
  .max(limits.passwordMax, coded('password_long'));

const newPassword = textInput(coded('password_required'))
  .min(1, coded('password_required'))
  .min(limits.passwordMinSignUp, coded('password_short'))
  .max(limits.passwordMax, coded('password_long'));

export const personName = trimmed
  .min(1, coded('name_required'))
  .min(limits.nameMin, coded('name_length'))
  .max(limits.nameMax, coded('name_length'));

/** POST /api/v1/login and /api/v1/normaluser/login */
export const loginBody = z.object({ number: phoneNumber, password: signInPassword });
export type LoginBody = z.input<typeof loginBody>;

/** POST /api/v1/normaluser/register */
export const userRegisterBody = z.object({
  name: personName,
  number: phoneNumber,
  password: newPassword,
});
export type UserRegisterBody = z.input<typeof userRegisterBody>;

/** The text fields of POST /api/v1/register (multipart; the three images ride beside them). */
export const driverRegisterFields = userRegisterBody;
export const driverDocumentFields = ['aadharFile', 'aadharFileBack', 'DrivingLicense'] as const;
export type DriverDocumentField = (typeof driverDocumentFields)[number];
/** Each identity document is a photo of a paper, encrypted on its way to storage. */
const identityImageRule: FileRule = {
  maxBytes: limits.identityImageMaxBytes,
  accept: photoTypes,
  rejectCode: 'document_not_image',
  required: 'documents_required',
};
const driverDocuments = {
  aadharFile: identityImageRule,
  aadharFileBack: identityImageRule,
  DrivingLicense: identityImageRule,
} as const satisfies Record<DriverDocumentField, FileRule>;

export const authResponse = z.object({
  success: z.literal(true),
  Token: z.string(),
  ...saidFields,
  user: selfUser,
});
export type AuthResponse = z.infer<typeof authResponse>;

/** Sent with 403 to a blocked account, so the client can show the blocked screen. */
export const blockedResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('account_blocked'),
  block: blockInfo,
  user: z.object({ name: z.string(), number: z.string() }).optional(),
});
export type BlockedResponse = z.infer<typeof blockedResponse>;

export const meResponse = z.object({ success: z.literal(true), user: selfUser });

/** POST /api/v1/password/forgot: the field is named email, and holds the phone number. */
export const forgotPasswordBody = z.object({ email: phoneNumber });

/** PUT /api/v1/password/reset/{token} */
export const resetPasswordBody = z
  .object({
    password: textInput(coded('password_required'))
      .min(1, coded('password_required'))
      .min(limits.passwordMinReset, coded('reset_password_short'))
      .max(limits.passwordMax, coded('password_long')),
    confirmPassword: textInput(coded('password_required')).min(1, coded('password_required')),
  })
  .refine((b) => b.password === b.confirmPassword, {
    ...coded('passwords_mismatch'),
    path: ['confirmPassword'],
  });
export const resetTokenParam = z.object({ token: textInput().min(16).max(128) });

/** Per IP, so one address cannot flood sign-up or guess passwords across numbers. */
const perIp = (counter: string, max: number) =>
  [
    { counter, per: 'ip', max, windowSeconds: rateLimits.windowSeconds, code: 'too_many_attempts' },
  ] as const satisfies readonly LimitRule[];

export const authCalls = {
  driverRegister: defineCall({
    method: 'POST',
    path: '/api/v1/register',
    summary: 'Driver sign-up with identity documents (multipart)',
    auth: 'public',
    multipart: { fields: driverRegisterFields, files: driverDocuments },
    response: authResponse,
    limits: perIp('signup', rateLimits.signUpPerIp),
  }),
  userRegister: defineCall({
    method: 'POST',
    path: '/api/v1/normaluser/register',
    summary: 'Normal user sign-up',
    auth: 'public',
    body: userRegisterBody,
    response: authResponse,
    limits: perIp('signup', rateLimits.signUpPerIp),
  }),
  driverLogin: defineCall({
    method: 'POST',
    path: '/api/v1/login',
    summary: 'Sign in (driver screen; any account type)',
    auth: 'public',
    body: loginBody,
    response: authResponse,
    // The slowing per number depends on the password's check: it stays in the service.
    limits: perIp('signin', rateLimits.signInPerIp),
  }),
  userLogin: defineCall({
    method: 'POST',
    path: '/api/v1/normaluser/login',
    summary: 'Sign in (normal user screen; any account type)',
    auth: 'public',
    body: loginBody,
    response: authResponse,
    limits: perIp('signin', rateLimits.signInPerIp),
  }),
  me: defineCall({
    method: 'GET',
    path: '/api/v1/me',
    summary: 'The signed-in user, with block details when blocked',
    auth: 'user',
    response: meResponse,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/api/v1/logout',
    summary: 'Revoke the current session',
    auth: 'user',
    response: messageResponse,
  }),
  forgotPassword: defineCall({
    method: 'POST',
    path: '/api/v1/password/forgot',
    summary: 'Send a reset link by SMS (field email holds the phone number)',
    auth: 'public',
    body: forgotPasswordBody,
    response: messageResponse,
    // Per number too (the normalised one, however it was written): at most a few SMS each.
    limits: [
      ...perIp('forgot', rateLimits.forgotPerIp),
      {
        counter: 'forgot',
        per: { body: 'email' },
        max: rateLimits.forgotPerNumber,
        windowSeconds: rateLimits.windowSeconds,
        code: 'too_many_attempts',
      },
    ],
  }),
  resetPassword: defineCall({
    method: 'PUT',
    path: '/api/v1/password/reset/:token',
    summary: 'Set a new password with a reset token',
    auth: 'public',
    params: resetTokenParam,
    body: resetPasswordBody,
    response: messageResponse,
  }),
};
