import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BadgeCheck, CircleX } from 'lucide-react';
import { idCardCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { errorText } from '../../api/errorText';
import { idCardKeys } from '../../api/keys/idCardKeys';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/formatDate';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { localDate } from './cardValidity';

const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
const tooMany = (error: unknown) => error instanceof ApiError && error.status === 429;

/**
 * /driver-id/:cardNo, the page the card's QR code opens, for a police officer or anyone who
 * scans it: no sign-in, and only what the server makes public (never address, father or DOB).
 */
export function VerifyCardScreen() {
  const { t, i18n } = useTranslation('idcard');
  const { cardNo = '' } = useParams();
  const check = useQuery({
    queryKey: idCardKeys.verify(cardNo),
    queryFn: ({ signal }) => request(idCardCalls.verify, { params: { cardNo }, signal }),
    retry: (count, error) => count < 2 && error instanceof ApiError && error.isNetwork,
  });

  let body;
  if (check.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-3 py-10 text-lg">
        <Spinner className="size-6" /> {t('verify.loading')}
      </p>
    );
  } else if (check.isError) {
    body = notFound(check.error) ? (
      <p
        role="alert"
        className="rounded-2xl bg-red-50 p-6 text-center text-xl font-bold text-red-800"
      >
        {t('verify.notFound')}
      </p>
    ) : (
      <div role="alert" className="flex flex-col gap-3 rounded-2xl bg-white p-6 text-center">
        <p className="text-lg text-red-800">
          {tooMany(check.error)
            ? errorText(check.error, 'errors.card_checks_too_many')
            : t('verify.failed')}
        </p>
        <Button variant="secondary" onClick={() => void check.refetch()}>
          {t('verify.retry')}
        </Button>
      </div>
    );
  } else {
    const card = check.data.card;
    const date = formatDate(localDate(card.expiryDate), i18n.language);
    body = (
      <article className="flex flex-col items-center gap-3 rounded-2xl bg-white p-5 text-center shadow-sm">
        <div
          data-testid="verify-status"
          className={`flex w-full flex-col items-center gap-1 rounded-xl p-4 ${card.valid ? 'bg-green-700 text-white' : 'bg-red-700 text-white'}`}
        >
          {card.valid ? (
            <BadgeCheck aria-hidden className="size-12" />
          ) : (
            <CircleX aria-hidden className="size-12" />
          )}
          <span className="text-3xl font-extrabold tracking-wide">
            {card.valid ? t('verify.valid') : t('verify.expired')}
          </span>
          <span className="text-base">
            {card.valid ? t('verify.validText', { date }) : t('verify.expiredText', { date })}
          </span>
        </div>
        <img
          src={card.photoUrl}
          alt={t('card.photoAlt', { name: card.name })}
          className="h-40 w-32 rounded-lg border-2 border-stone-300 bg-stone-200 object-cover"
        />
        <p className="text-2xl font-bold text-stone-900">{card.name}</p>
        <p className="text-lg text-stone-700">{card.designation}</p>
        <p className="text-lg font-semibold text-stone-900">
          {t('verify.cardNo', { cardNo: card.cardNo })}
        </p>
      </article>
    );
  }

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-6">
      <PageTitle>{t('verify.title')}</PageTitle>
      {body}
      <p className="text-center text-sm text-stone-600">{t('verify.issuer')}</p>
    </section>
  );
}
