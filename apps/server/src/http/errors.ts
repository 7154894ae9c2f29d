import { issueCode, messages, type MessageCode } from '@saathi/contract';

/** A failure the user caused or may see: answered as { success: false, message, code }. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    message: string = messages[code],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Fills {{name}} placeholders the way i18next does, so both sides share one template. */
export const fillMessage = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => String(params[key] ?? whole));

/** With params, the answer carries them too, so the client can translate the template. */
const withParams = (
  code: MessageCode,
  message: string | undefined,
  params?: Record<string, string | number>,
) =>
  params && Object.keys(params).length > 0
    ? { message: fillMessage(message ?? messages[code], params), extra: { params } }
    : { message: message ?? messages[code], extra: {} };

export const Invalid = (
  code: MessageCode = 'invalid_input',
  message?: string,
  params?: Record<string, string | number>,
) => {
  const m = withParams(code, message, params);
  return new HttpError(400, code, m.message, m.extra);
};
export const Unauthorized = (code: MessageCode = 'not_signed_in') => new HttpError(401, code);
export const Forbidden = (code: MessageCode = 'forbidden', extra?: Record<string, unknown>) =>
  new HttpError(403, code, undefined, extra);
export const NotFound = (code: MessageCode = 'not_found') => new HttpError(404, code);
export const Conflict = (code: MessageCode) => new HttpError(409, code);
export const TooLarge = (
  code: MessageCode = 'file_too_large',
  params?: Record<string, string | number>,
) => {
  const m = withParams(code, undefined, params);
  return new HttpError(413, code, m.message, m.extra);
};
/**
 * A failed contract check, answered with the code the check left on its issue ('name_length',
 * not a generic 'invalid_input') so the client can translate it. zod's own checks carry no code,
 * and their English (like 'expected object, received null') is never shown to a user: they
 * become invalid_input.
 */
export const invalidField = (issue: object | undefined): HttpError =>
  new HttpError(400, issueCode(issue) ?? 'invalid_input');

export const TooMany = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_attempts', undefined, { retryAfter: retryAfterSeconds });
