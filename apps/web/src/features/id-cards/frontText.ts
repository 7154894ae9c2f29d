import type { TFunction } from 'i18next';
import type { DriverCard } from '@saathi/contract';
import { formatDate } from '../../ui/formatDate';
import type { FrontText } from './cardFace';
import { cardValidity, localDate } from './cardValidity';

/** The words on the front in the reader's language, for the screen and the PNG alike. */
export function frontText(
  card: DriverCard,
  t: TFunction<'idcard'>,
  language: string,
  now: Date,
): FrontText {
  const validity = cardValidity(card.expiryDate, now);
  return {
    brand: t('card.brand'),
    heading: t('card.heading'),
    name: card.name,
    designation: card.designation,
    rows: [
      // The two long values sit lowest, where the lines run under the QR code.
      [t('card.cardNo'), card.cardNo],
      [t('card.bloodGroup'), card.bloodGroup],
      [t('card.dlNo'), card.dlNo],
      [t('card.mobile'), card.mobile],
    ],
    cardNo: card.cardNo,
    validTill: t('back.validTill', { date: formatDate(localDate(card.expiryDate), language) }),
    validity: validity.valid
      ? t('card.validDays', { count: validity.daysLeft })
      : t('card.expired'),
    valid: validity.valid,
  };
}
