import { messages, type MessageCode } from '@saathi/contract';

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

export const Invalid = (code: MessageCode = 'invalid_input', message?: string) =>
  new HttpError(400, code, message);
export const Unauthorized = (code: MessageCode = 'not_signed_in') => new HttpError(401, code);
export const Forbidden = (code: MessageCode = 'forbidden', extra?: Record<string, unknown>) =>
  new HttpError(403, code, undefined, extra);
export const NotFound = (code: MessageCode = 'not_found') => new HttpError(404, code);
export const Conflict = (code: MessageCode) => new HttpError(409, code);
export const TooLarge = (code: MessageCode = 'file_too_large') => new HttpError(413, code);
export const TooMany = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_attempts', undefined, { retryAfter: retryAfterSeconds });
