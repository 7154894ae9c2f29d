import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Search, UserPlus } from 'lucide-react';
import { adminLimits, adminUserFilters, type AdminUserFilter } from '@saathi/contract';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { LoadFailed, LoadMore } from '../ListStates';
import { Empty, Loading } from '../../../ui/ListStates';
import { useUserSearch } from '../adminApi';
import { AddAdminModal } from './AddAdminModal';
import { UserBadges } from './UserBadges';
import { useDebounced } from './useDebounced';

const isFilter = (value: string | null): value is AdminUserFilter =>
  adminUserFilters.some((f) => f === value);

/** /admin/users: search by name or number, filter, open a user's page; add an admin. */
export function UsersScreen() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: AdminUserFilter = isFilter(raw) ? raw : 'all';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const results = useUserSearch(q, filter);
  const [adding, setAdding] = useState(false);
  const users = results.data?.pages.flatMap((p) => p.users) ?? [];

  const chooseFilter = (next: AdminUserFilter) =>
    setParams(
      (old) => {
        const copy = new URLSearchParams(old);
        if (next === 'all') copy.delete('filter');
        else copy.set('filter', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('users.title')}</h1>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden className="size-5" />
          {t('accounts.add')}
        </Button>
      </div>
      <label className="relative block">
        <span className="sr-only">{t('users.search')}</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
        />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('users.search')}
          maxLength={adminLimits.searchMax}
          className="min-h-12 w-full rounded-xl border-2 border-stone-300 bg-white pr-3 pl-10 text-base focus:border-emerald-700 focus:outline-none"
        />
      </label>
      <ul className="flex flex-wrap gap-2" aria-label={t('users.filterLabel')}>
        {adminUserFilters.map((f) => (
          <li key={f}>
            <button
              type="button"
              aria-pressed={filter === f}
              onClick={() => chooseFilter(f)}
              className={`min-h-11 rounded-full px-4 font-semibold whitespace-nowrap ${
                filter === f ? 'bg-emerald-700 text-white' : 'bg-white text-stone-800 shadow-sm'
              }`}
            >
              {t(`users.filters.${f}`)}
            </button>
          </li>
        ))}
      </ul>
      {results.isPending ? (
        <Loading />
      ) : results.isError ? (
        <LoadFailed
          error={results.error}
          fallbackKey="admin:loadFailed"
          onRetry={() => void results.refetch()}
        />
      ) : users.length === 0 ? (
        <Empty text={t('users.none')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('users.results')}>
          {users.map((user) => (
            <li key={user._id}>
              <Link
                to={`/admin/users/${user._id}`}
                className="flex min-h-16 items-center gap-3 rounded-xl bg-white px-3 py-2 shadow-sm hover:bg-stone-50"
              >
                <Avatar src={user.profileImage.url} className="size-11" />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="truncate font-semibold">{user.name}</span>
                  <span className="text-stone-700 tabular-nums">{user.number}</span>
                  <UserBadges user={user} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={results} />
      {adding && <AddAdminModal onClose={() => setAdding(false)} />}
    </div>
  );
}
