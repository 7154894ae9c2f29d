import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../api/session';
import { Loading } from '../../ui/ListStates';
import { adminHome, adminSections } from './adminSections';

/** /admin: the console's frame. The server refuses every admin call to others anyway. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { user, isLoading } = useSession();
  if (isLoading) return <Loading />;
  if (user?.usertype !== 'admin') {
    return (
      <p role="alert" className="px-4 py-10 text-center text-lg text-red-700">
        {t('notAdmin')}
      </p>
    );
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-3 py-3">
      {/* Every section in view on a phone too: a scrolled strip hid half of them. */}
      <nav aria-label={t('title')}>
        <ul className="grid grid-cols-3 gap-1 sm:flex sm:flex-wrap">
          {adminSections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.to === adminHome}
                className={({ isActive }) =>
                  `flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-2 text-center text-sm leading-tight font-semibold sm:px-3 sm:text-base ${
                    isActive ? 'bg-emerald-700 text-white' : 'text-stone-700 hover:bg-stone-100'
                  }`
                }
              >
                <section.icon aria-hidden className="size-4 shrink-0" />
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
