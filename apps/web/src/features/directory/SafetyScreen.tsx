import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { directoryCalls, type SafetyCaution } from '@saathi/contract';
import { request } from '../../api/client';
import { directoryKeys } from '../../api/keys/directoryKeys';
import { formatDateTime } from '../../ui/formatDate';
import { PageTitle } from '../../ui/PageTitle';
import { Empty, ListStates } from '../../ui/ListStates';

function CautionCard({ caution }: { caution: SafetyCaution }) {
  const { t, i18n } = useTranslation('directory');
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
      {caution.image && (
        <img
          src={caution.image}
          alt={t('safety.imageAlt')}
          loading="lazy"
          className="aspect-video w-full bg-stone-200 object-cover"
        />
      )}
      {caution.video && (
        // preload none: nothing is downloaded on a metered connection until the driver taps play.
        <video
          controls
          preload="none"
          playsInline
          poster={caution.poster ?? undefined}
          className="aspect-video w-full bg-black"
        >
          <source src={caution.video} type="video/mp4" />
          {t('safety.noVideo')}
        </video>
      )}
      <div className="flex flex-col gap-1 p-4">
        <time dateTime={caution.createdAt} className="text-sm font-semibold text-stone-600">
          {formatDateTime(caution.createdAt, i18n.language)}
        </time>
        <p className="text-base whitespace-pre-line text-stone-900">{caution.note}</p>
      </div>
    </article>
  );
}

/** Spec 001, Driver Safety Caution: the spec names no route; the app uses /safety. */
export function SafetyScreen() {
  const { t } = useTranslation('directory');
  const list = useQuery({
    queryKey: directoryKeys.safety,
    queryFn: async ({ signal }) => (await request(directoryCalls.safety, { signal })).data,
  });

  // The spec: the page opens at its top, even when the router would restore an old position.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  // The spec shows no text when this list fails, only a log line; a retry keeps it reachable.
  useEffect(() => {
    if (list.error) console.error('Safety cautions could not be loaded', list.error);
  }, [list.error]);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-3 py-4">
      <Link
        to="/business"
        className="flex min-h-11 items-center gap-2 self-start font-semibold text-brand underline underline-offset-2"
      >
        <ArrowLeft aria-hidden className="size-5 shrink-0" />
        {t('safety.back')}
      </Link>
      <div className="flex flex-col gap-1">
        <PageTitle>{t('safety.title')}</PageTitle>
        <p className="text-stone-700">{t('safety.intro')}</p>
      </div>
      <ListStates
        query={list}
        isEmpty={(cautions) => cautions.length === 0}
        loading={t('safety.loading')}
        retry={t('safety.retry')}
        empty={
          <Empty
            icon={<ShieldCheck aria-hidden className="size-14 text-stone-400" />}
            text={t('safety.empty')}
          />
        }
      >
        {(cautions) => (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {cautions.map((caution) => (
              <li key={caution._id} className="flex">
                <CautionCard caution={caution} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
