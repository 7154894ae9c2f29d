import i18n from 'i18next';
import { messages, type MessageCode } from '@saathi/contract';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Why processing refused a file is stored in the row as English text (a post's, a voice
 * note's or a safety caution's failureReason), with no code beside it. Only those texts are
 * matched here, filled templates included ('longer than {{minutes}} minutes'); every other
 * server answer carries its code.
 */
const storedReasons = (Object.keys(messages) as MessageCode[])
  .filter((code) => code.startsWith('media_') || code.endsWith('processing_failed'))
  .map((code) => {
    const text: string = messages[code];
    const names: string[] = [];
    const parts = text.split(/\{\{(\w+)\}\}/).map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    });
    return { code, names, pattern: new RegExp(`^${parts.join('')}$`) };
  });

/** The message a stored reason was made from, with the values filled into its template. */
function knownReason(reason: string) {
  for (const { code, names, pattern } of storedReasons) {
    const found = pattern.exec(reason);
    if (!found) continue;
    return { code, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]])) };
  }
  return undefined;
}

/** A stored failure reason in the reader's language; a text it does not know stays as it is. */
export function storedReasonText(reason: string): string {
  const known = knownReason(reason);
  return known ? i18n.t(`errors.${known.code}`, known.params) : reason;
}

/**
 * Whether the file itself was refused (damaged, too long, too large): the server drops such
 * files, so trying again cannot work, unlike a failure on our side (`processing_failed`).
 */
export function isRefusal(reason: string): boolean {
  return knownReason(reason)?.code.startsWith('media_') ?? false;
}
