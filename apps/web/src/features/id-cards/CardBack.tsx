import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appCalls, type DriverCard } from '@saathi/contract';
import { request } from '../../api/client';
import { appConfigKeys } from '../../api/keys/appConfigKeys';
import { formatDate } from '../../ui/formatDate';
import { face } from './cardFace';
import { localDate } from './cardValidity';

/** The back: the association's fixed text, the dates and how to reach Saathi. */
export function CardBack({ card }: { card: DriverCard }) {
  const { t, i18n } = useTranslation('idcard');
  const config = useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => request(appCalls.publicConfig, { signal }),
    staleTime: Infinity,
  });
  const rules = t('back.rules', { returnObjects: true }) as string[];
  const web = config.data?.publicUrl.replace(/^https?:\/\//, '');
  return (
    <div
      data-testid="card-back"
      aria-label={t('card.back')}
      role="group"
      className="flex flex-col gap-1 overflow-hidden rounded-xl bg-white px-3 py-2 text-[11px] leading-snug text-stone-800 shadow-lg ring-1 ring-stone-200"
      style={{ width: `${face.width}px`, minHeight: `${face.height}px`, fontFamily: face.font }}
    >
      <p className="text-[13px] font-bold" style={{ color: face.colors.brand }}>
        {t('back.org')}
      </p>
      <p className="flex justify-between font-semibold">
        <span>
          {t('back.issued', { date: formatDate(localDate(card.issueDate), i18n.language) })}
        </span>
        <span>
          {t('back.validTill', { date: formatDate(localDate(card.expiryDate), i18n.language) })}
        </span>
      </p>
      <ul className="list-disc pl-4">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p>{t('back.found')}</p>
      <p className="mt-auto border-t border-stone-200 pt-1 font-medium">
        {t('back.office')}
        {config.data && (
          <>
            <br />
            {t('back.email', { email: config.data.supportEmail })}
            {web && (
              <>
                {' · '}
                {t('back.web', { url: web })}
              </>
            )}
          </>
        )}
      </p>
    </div>
  );
}
