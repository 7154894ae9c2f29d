import type { TFunction } from 'i18next';
import type { AppNotification } from '@saathi/contract';

/** The title in the reader's language, from the contract's texts ({{name}} is the actor). */
export function notificationTitle(t: TFunction, item: AppNotification): string {
  const name = item.actor?.name.trim() || t('feed.unknownUser');
  return t(`notifications.kind.${item.kind}`, { name });
}
