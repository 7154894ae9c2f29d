import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { BlockedScreen } from '../features/auth/BlockedScreen';
import { useSession } from '../features/auth/session';
import { LocationTracker } from '../features/location/LocationTracker';
import { useNotificationStream } from '../features/notifications/useNotificationStream';
import { Toaster } from '../ui/Toaster';
import { NavBar } from './NavBar';
import { TopBar } from './TopBar';
import { isNavVisible } from './navVisibility';

export function RootLayout() {
  const { pathname } = useLocation();
  const { token, blocked, user } = useSession();
  const showNav = !blocked && isNavVisible(pathname, token !== null);
  useNotificationStream(token !== null && !blocked);
  return (
    <div className="min-h-dvh bg-stone-50 text-stone-900">
      <TopBar signedIn={showNav} />
      {showNav && <NavBar />}
      <main className={showNav ? 'pb-20 md:pb-0' : ''}>
        {blocked ? <BlockedScreen account={blocked} /> : <Outlet />}
      </main>
      {user && !blocked && <LocationTracker userId={user._id} />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
