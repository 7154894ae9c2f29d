import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useBlockedAccount } from '../api/blocked';
import { useToken } from '../api/token';
import { Toaster } from '../ui/Toaster';
import { NavBar } from './NavBar';
import { TopBar } from './TopBar';
import { isNavVisible } from './navVisibility';

// Both need the API client and its schemas, which the frame does without (docs/architecture.md).
const SignedInServices = lazy(async () => ({
  default: (await import('./SignedInServices')).SignedInServices,
}));
const BlockedScreen = lazy(async () => ({
  default: (await import('../features/auth/BlockedScreen')).BlockedScreen,
}));

export function RootLayout() {
  const { pathname } = useLocation();
  const token = useToken();
  const blocked = useBlockedAccount();
  const showNav = !blocked && isNavVisible(pathname, token !== null);
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <TopBar signedIn={showNav} />
      {showNav && <NavBar />}
      <main className={showNav ? 'pb-20 md:pb-0' : ''}>
        {/* A screen whose texts are still on their way waits here, never showing raw keys. */}
        <Suspense>{blocked ? <BlockedScreen account={blocked} /> : <Outlet />}</Suspense>
      </main>
      {token && (
        <Suspense>
          <SignedInServices />
        </Suspense>
      )}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
