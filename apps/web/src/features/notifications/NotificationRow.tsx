import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppNotification } from '@saathi/contract';
import { refuseOffline } from '../../api/refuseOffline';
import { Avatar } from '../../ui/Avatar';
import { formatRelative } from '../../ui/formatDate';
import { notificationBody, notificationTitle } from './notificationTitle';
import { useMarkRead } from './useNotifications';

/** One notification: tapping marks it read and goes where it points. */
export function NotificationRow({ item }: { item: AppNotification }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const body = notificationBody(t, item);

  function open() {
    if (!item.read && !refuseOffline()) markRead.mutate(item._id);
    if (item.link) void navigate(item.link);
  }

  return (
    <li>
      <button
        type="button"
        onClick={open}
        data-unread={!item.read || undefined}
        className={`flex w-full items-start gap-3 rounded-xl p-3 text-left ${item.read ? 'bg-white' : 'bg-orange-50 ring-2 ring-orange-200'}`}
      >
        <Avatar src={item.actor?.profileImage.url} className="size-12" />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={item.read ? 'font-medium' : 'font-bold'}>
            {notificationTitle(t, item)}
          </span>
          {body && <span className="line-clamp-2 text-stone-700">{body}</span>}
          <time dateTime={item.createdAt} className="text-sm text-stone-500">
            {formatRelative(item.createdAt, i18n.language)}
          </time>
        </span>
        {item.post?.posterUrl && (
          <img
            src={item.post.posterUrl}
            alt=""
            loading="lazy"
            className="h-14 w-10 shrink-0 rounded-md object-cover"
          />
        )}
        {!item.read && (
          <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brand">
            <span className="sr-only">{t('notifications.unread')}</span>
          </span>
        )}
      </button>
    </li>
  );
}
