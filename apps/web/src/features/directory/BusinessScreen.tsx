import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldAlert, Store } from 'lucide-react';
import { directoryCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { directoryKeys } from '../../api/keys/directoryKeys';
import { PageTitle } from '../../ui/PageTitle';
import { Empty, ListStates } from '../../ui/ListStates';
import { BusinessCard } from './BusinessCard';

/** Spec 001, Our Business Partners (/business). */
export function BusinessScreen() {
  const { t } = useTranslation('directory');
  const list = useQuery({
    queryKey: directoryKeys.businesses,
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
      <ListStates
        query={list}
        isEmpty={(businesses) => businesses.length === 0}
        loading={t('business.loading')}
        failed={t('business.fetchFailed')}
        retry={t('business.retry')}
        empty={
          <Empty
            icon={<Store aria-hidden className="size-14 text-stone-400" />}
            text={t('business.empty')}
          />
        }
      >
        {(businesses) => (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {businesses.map((business) => (
              <li key={business._id} className="flex">
                <BusinessCard business={business} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
