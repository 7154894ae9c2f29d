import type { TFunction } from 'i18next';
import type { AppNotification } from '@saathi/contract';

/** The title in the reader's language, from the contract's texts ({{name}} is the actor). */
export function notificationTitle(t: TFunction, item: AppNotification): string {
  const name = item.actor?.name.trim() || t('feed.unknownUser');
  return t(`notifications.kind.${item.kind}`, { name });
}

/**
 * The line under the title: a team notice in the reader's language (its {{reason}} is the
 * stored text), else the stored text itself (a comment, an answer, a place).
 */
export function notificationBody(t: TFunction, item: AppNotification): string | null {
  if (item.notice) return t(`notifications.notice.${item.notice}`, { reason: item.text ?? '' });
  return item.text;
}
