import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../ui/LanguageSwitch';

// The bell's unread count needs the API client, which the app's frame loads after it paints.
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/NotificationBell')).NotificationBell,
}));

/**
 * Brand and language choice, on every screen including sign-in. Signed in, a bell leads to
 * the notifications: the spec's navigation bar has exactly six entries, so it lives here.
 */
export function TopBar({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-2 px-4">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-xl font-bold text-brand">
          <img src="/favicon.svg" alt="" className="size-8" />
          {t('app.name')}
        </Link>
        <div className="flex items-center gap-1">
          {signedIn && (
            <Suspense fallback={<span className="size-11" />}>
              <NotificationBell />
            </Suspense>
          )}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
