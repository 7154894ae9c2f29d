import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { navItems } from './navItems';

/** Six entries: at the bottom on phones, under the top bar on wide screens. */
export function NavBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:sticky md:top-0 md:bottom-auto md:border-t-0 md:border-b md:pb-0"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-6">
        {navItems.map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `flex min-h-16 flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[0.625rem] leading-tight min-[380px]:text-[0.6875rem] font-semibold tracking-tight md:min-h-12 md:flex-row md:gap-2 md:text-sm ${isActive ? 'bg-orange-50 text-brand shadow-[inset_0_3px_0_var(--color-brand)] md:shadow-[inset_0_-3px_0_var(--color-brand)]' : 'text-stone-600 hover:text-stone-900'}`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden className="size-6 md:size-5" strokeWidth={isActive ? 2.5 : 2} />
                  <span>{t(labelKey)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
