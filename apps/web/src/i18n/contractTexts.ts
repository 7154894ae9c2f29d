import { messages, notificationNotices, notificationTitles } from '@saathi/contract';

type Texts = Record<string, unknown>;

const part = (value: unknown): Texts => (value ?? {}) as Texts;

/**
 * English server messages and the notification titles and notices in both languages come from the
 * contract, so the app, the server and Web Push can never disagree. Hindi has its own `errors`.
 */
export function withContractTexts(language: string, texts: Texts): Texts {
  const lang = language === 'hi' ? 'hi' : 'en';
  const notifications = {
    ...part(texts.notifications),
    kind: notificationTitles[lang],
    notice: notificationNotices[lang],
  };
  const errors = lang === 'en' ? { ...messages, ...part(texts.errors) } : part(texts.errors);
  return { ...texts, errors, notifications };
}
