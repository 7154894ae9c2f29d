import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Bell } from 'lucide-react';
import { CountBadge } from '../../ui/CountBadge';
import { useUnreadCount } from './useNotifications';

/** The bell in the top bar: the way to /notification, with the live unread count. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const label =
    unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <NavLink
      to="/notification"
      aria-label={label}
      className={({ isActive }) =>
        `relative flex size-11 items-center justify-center rounded-full ${isActive ? 'bg-orange-50 text-brand' : 'text-stone-700 hover:bg-stone-100'}`
      }
    >
      <Bell aria-hidden className="size-6" />
      {unread > 0 && <CountBadge data-testid="unread-badge" look="alarm" count={unread} max={99} />}
    </NavLink>
  );
}
