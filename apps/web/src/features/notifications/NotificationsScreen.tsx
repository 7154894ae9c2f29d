import { useTranslation } from 'react-i18next';
import { BellOff, CheckCheck } from 'lucide-react';
import { notificationKeys } from '../../api/keys/notificationKeys';
import { refuseOffline } from '../../api/refuseOffline';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/PageTitle';
import { SavedBanner } from '../../ui/SavedBanner';
import { Empty, LoadFailed, Loading } from '../../ui/ListStates';
import { groupNotifications } from './groupNotifications';
import { NotificationRow } from './NotificationRow';
import { PushCard } from './PushCard';
import { useMarkAllRead, useNotificationList, useUnreadCount } from './useNotifications';

/** The real notifications, newest first, grouped by day. */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const list = useNotificationList();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const groups = groupNotifications(items);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <div className="flex items-center justify-between gap-2">
        <PageTitle>{t('screens.notification')}</PageTitle>
        {unread > 0 && (
          <Button
            variant="ghost"
            onClick={() => {
              if (!refuseOffline()) markAll.mutate();
            }}
            disabled={markAll.isPending}
            className="px-3 text-sm"
          >
            <CheckCheck aria-hidden className="size-5" />
            {t('notifications.markAll')}
          </Button>
        )}
      </div>
      <SavedBanner queryKey={notificationKeys.list} />
      <PushCard />
      {list.isPending ? (
        <Loading text={t('notifications.loading')} />
      ) : list.isError && items.length === 0 ? (
        <LoadFailed
          text={t('notifications.loadFailed')}
          retry={t('feed.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <Empty
          icon={<BellOff aria-hidden className="size-14 text-stone-400" />}
          text={t('notifications.empty')}
          hint={t('notifications.emptyHint')}
        />
      ) : (
        groups.map((group) => (
          <section key={group.key} className="flex flex-col gap-2">
            <h2 className="px-1 text-sm font-bold tracking-wide text-stone-600 uppercase">
              {t(`notifications.group.${group.key}`)}
            </h2>
            <ul className="flex flex-col gap-2">
              {group.items.map((item) => (
                <NotificationRow key={item._id} item={item} />
              ))}
            </ul>
          </section>
        ))
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('notifications.loadMore')}
        </Button>
      )}
    </div>
  );
}
