import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldAlert, Store } from 'lucide-react';
import { directoryCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { BusinessCard } from './BusinessCard';

const businessesKey = ['directory', 'businesses'] as const;

/** Spec 001, Our Business Partners (/business). */
export function BusinessScreen() {
  const { t } = useTranslation('directory');
  const list = useQuery({
    queryKey: businessesKey,
    queryFn: async ({ signal }) => (await request(directoryCalls.businesses, { signal })).data.data,
    // Partners change rarely; this spares data when a driver flips between tabs.
    staleTime: 5 * 60_000,
  });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-3 py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <PageTitle>{t('screens.business', { ns: 'translation' })}</PageTitle>
        <Link
          to="/safety"
          className="flex min-h-11 items-center gap-2 font-semibold text-red-700 underline underline-offset-2"
        >
          <ShieldAlert aria-hidden className="size-5 shrink-0" />
          {t('business.safetyLink')}
        </Link>
      </div>
      {list.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-stone-600">
          <Spinner /> {t('business.loading')}
        </p>
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p role="alert" className="text-lg text-red-700">
            {t('business.fetchFailed')}
          </p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('business.retry')}
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-12 text-center">
          <Store aria-hidden className="size-14 text-stone-400" />
          <p className="text-lg text-stone-700">{t('business.empty')}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((business) => (
            <li key={business._id} className="flex">
              <BusinessCard business={business} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
