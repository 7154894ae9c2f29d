import i18n from 'i18next';
import { messages } from '@saathi/contract';
import { ApiError } from './errors';

const codeByMessage = new Map<string, string>(
  Object.entries(messages).map(([code, text]) => [text, code]),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Stored texts filled from a template ('longer than {{minutes}} minutes', a failure reason kept
 * in a post row) carry no code: the template tells the code and gives back the values.
 */
const templates = Object.entries(messages)
  .filter(([, text]) => text.includes('{{'))
  .map(([code, text]) => {
    const names: string[] = [];
    const parts = text.split(/\{\{(\w+)\}\}/).map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    });
    return { code, names, pattern: new RegExp(`^${parts.join('')}$`) };
  });

/** Server texts are English; a known one is shown in the reader's language. */
export function messageText(message: string): string {
  const code = codeByMessage.get(message);
  if (code) return i18n.t(`errors.${code}`);
  for (const template of templates) {
    const found = template.pattern.exec(message);
    if (!found) continue;
    const params = Object.fromEntries(template.names.map((name, i) => [name, found[i + 1]]));
    return i18n.t(`errors.${template.code}`, params);
  }
  return message;
}

/** What to tell the user about a failed call: translated code, server text, or the screen's fallback. */
export function errorText(error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) {
    // Three different troubles for the reader: no network, a network that carries nothing,
    // and a server that answered no (below).
    if (error.isTimeout) return i18n.t('errors.timeout');
    if (error.isNetwork) return i18n.t(navigator.onLine ? 'errors.network' : 'errors.offline');
    if (error.code && i18n.exists(`errors.${error.code}`)) {
      return i18n.t(`errors.${error.code}`, error.params);
    }
    if (error.serverMessage) return messageText(error.serverMessage);
  }
  return i18n.t(fallbackKey);
}
