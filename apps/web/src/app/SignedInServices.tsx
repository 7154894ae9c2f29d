import { useEffect } from 'react';
import { setBlockedAccount } from '../api/blocked';
import { DriveSafe } from '../features/drive-safe/DriveSafe';
import { useKeepHelpOnPhone } from '../features/help/keepHelpOnPhone';
import { LocationTracker } from '../features/location/LocationTracker';
import { useNotificationStream } from '../features/notifications/useNotificationStream';
import { useSession } from '../api/session';

/**
 * What runs behind every signed-in screen. It loads apart from the app's frame, with the API
 * client it needs: the account check (a blocked account sees only the blocked screen, whose
 * state lives in api/blocked), the live notifications, the location sharing, and the help
 * kept on the phone for offline use with the outboxes that wait for the network, and
 * drive-safe mode (its card's code loads only once positions are watched).
 */
export function SignedInServices() {
  const { user, blocked } = useSession();
  useEffect(() => {
    if (user?.block.status === 'true') {
      setBlockedAccount({ name: user.name, number: user.number, blockedAt: user.block.blockedAt });
    }
  }, [user]);
  useNotificationStream(!blocked);
  useKeepHelpOnPhone();
  if (!user || blocked) return null;
  return (
    <>
      <LocationTracker userId={user._id} />
      <DriveSafe isDriver={user.usertype === 'driver'} />
    </>
  );
}
