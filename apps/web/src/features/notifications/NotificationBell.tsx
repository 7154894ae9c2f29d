import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Bell } from 'lucide-react';
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
      {unread > 0 && (
        <span
          data-testid="unread-badge"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-none font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
