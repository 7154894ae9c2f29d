import i18n from 'i18next';
import { messages } from '@saathi/contract';
import { ApiError } from './errors';

const codeByMessage = new Map<string, string>(
  Object.entries(messages).map(([code, text]) => [text, code]),
);

/** Server texts are English; a known one is shown in the reader's language. */
export function messageText(message: string): string {
  const code = codeByMessage.get(message);
  return code ? i18n.t(`errors.${code}`) : message;
}

/** What to tell the user about a failed call: translated code, server text, or the screen's fallback. */
export function errorText(error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return i18n.t('errors.network');
    if (error.code && i18n.exists(`errors.${error.code}`)) {
      return i18n.t(`errors.${error.code}`, error.params);
    }
    if (error.serverMessage) return messageText(error.serverMessage);
  }
  return i18n.t(fallbackKey);
}
