import { lazy, Suspense, useEffect } from 'react';
import i18n from 'i18next';
import { useLocation } from 'react-router';
import { setVideosHeld } from './hold';
import { useDriveSafeSetting } from './setting';
import { useDriveSafe } from './useDriveSafe';

const loadCard = () => import('./DriveSafeCard');
const DriveSafeCard = lazy(async () => ({ default: (await loadCard()).DriveSafeCard }));

/** The card's buttons lead here: on these screens it steps aside while the driving lasts. */
const allowedWhileDriving = ['/help', '/emergency', '/voice-chat', '/send/audio'];

/**
 * Drive-safe mode, behind every signed-in screen: while the phone moves at driving speed,
 * every video pauses and a full-screen card leaves only Help, SOS and Voice Chat.
 */
export function DriveSafe({ isDriver }: { isDriver: boolean }) {
  const enabled = useDriveSafeSetting(isDriver);
  const { phase, dismiss, watching } = useDriveSafe(enabled);
  const { pathname } = useLocation();
  const driving = phase === 'moving';

  useEffect(() => {
    // Fetched while the network is there, so the card shows at once, offline too.
    if (watching) void Promise.all([loadCard(), i18n.loadNamespaces('driveSafe')]);
  }, [watching]);

  useEffect(() => {
    setVideosHeld(driving);
    if (driving) {
      // The feed's player follows the hold (and plays on after it); the other players
      // (a profile's videos, Safety) only ever start from a tap, so pausing them once does.
      for (const video of document.querySelectorAll('video')) video.pause();
    }
    return () => setVideosHeld(false);
  }, [driving]);

  if (!driving || allowedWhileDriving.includes(pathname)) return null;
  return (
    <Suspense>
      <DriveSafeCard onPassenger={dismiss} />
    </Suspense>
  );
}
