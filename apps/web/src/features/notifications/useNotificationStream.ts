import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../api/queryClient';
import { followKeys } from '../../api/keys/followKeys';
import { meKeys } from '../../api/keys/meKeys';
import { notificationKeys } from '../../api/keys/notificationKeys';
import { showToast } from '../../ui/toastStore';
import { notificationTitle } from './notificationTitle';
import { openNotificationStream } from './notificationStream';
import { setUnreadCount } from './useNotifications';

/** Keeps the unread badge live while signed in; closes the stream on sign-out. */
export function useNotificationStream(signedIn: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!signedIn) return;
    return openNotificationStream({
      count: setUnreadCount,
      // The account view answers the block, and the app swaps every screen for the blocked one.
      blocked: () => void queryClient.invalidateQueries({ queryKey: meKeys.all }),
      notification: (notification, unreadCount) => {
        setUnreadCount(unreadCount);
        showToast('success', notificationTitle(t, notification));
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        // A new follower changes the counts on one's own profile.
        if (notification.kind === 'follow') {
          void queryClient.invalidateQueries({ queryKey: followKeys.all });
        }
      },
    });
  }, [signedIn, t]);
}
