import i18n from 'i18next';
import { issueCode } from '@saathi/contract';
import type { AnyTextKey, ErrorCode } from '../i18n/resources';
import { ApiError, type MessageParams } from './errors';

/** Whether the app has a text for a code the server sent (a newer server may send new ones). */
const isKnownCode = (code: string | undefined): code is ErrorCode =>
  code !== undefined && i18n.exists(`errors.${code}`);

/** The text of a message code in the reader's language; `fallback` when the app has none. */
const codeText = (code: string | undefined, fallback: () => string, params?: MessageParams) =>
  isKnownCode(code) ? i18n.t(`errors.${code}`, params) : fallback();

/**
 * A success answer's words (saved, followed, reset link sent), shown by its code. A server newer
 * than this app may send a code it does not know yet: its English text is better than nothing.
 */
export const answerText = (answer: { message: string; code: string }): string =>
  codeText(answer.code, () => answer.message);

/** A contract check that failed in the browser, before anything was sent. */
export const issueText = (issue: object | undefined): string =>
  i18n.t(`errors.${issueCode(issue) ?? 'invalid_input'}`);

/** What to tell the user about a failed call: translated code, or the screen's fallback. */
export function errorText(error: unknown, fallbackKey: AnyTextKey): string {
  if (error instanceof ApiError) {
    // Three different troubles for the reader: no network, a network that carries nothing,
    // and a server that answered no (below).
    if (error.isTimeout) return i18n.t('errors.timeout');
    if (error.isNetwork) return i18n.t(navigator.onLine ? 'errors.network' : 'errors.offline');
    return codeText(error.code, () => i18n.t(fallbackKey), error.params);
  }
  return i18n.t(fallbackKey);
}
