import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import { notificationCalls } from '@saathi/contract';
import { request, type ResponseOf } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { notificationKeys } from '../../api/keys/notificationKeys';
import { useToken } from '../../api/token';

type Page = ResponseOf<typeof notificationCalls.list>;
interface Unread {
  unreadCount: number;
}

const pageSize = 30;

export function setUnreadCount(unreadCount: number): void {
  queryClient.setQueryData<Unread>(notificationKeys.unread, { unreadCount });
}

/**
 * The unread count. The live stream fills it (its first event is the count), and so does
 * every list page; nothing here calls the server on its own.
 */
export function useUnreadCount(): number {
  const token = useToken();
  const query = useQuery<Unread>({
    queryKey: notificationKeys.unread,
    queryFn: () => queryClient.getQueryData<Unread>(notificationKeys.unread) ?? { unreadCount: 0 },
    enabled: false,
  });
  return token ? (query.data?.unreadCount ?? 0) : 0;
}

export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const page = await request(notificationCalls.list, {
        query: { cursor: pageParam ?? undefined, limit: pageSize },
        signal,
      });
      setUnreadCount(page.unreadCount);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** Marks rows read on screen at once; the server's answer sets the true unread count. */
function showRead(id: string | null): void {
  queryClient.setQueryData<InfiniteData<Page>>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((item) =>
              id === null || item._id === id ? { ...item, read: true } : item,
            ),
          })),
        }
      : data,
  );
}

export function useMarkRead() {
  return useMutation({
    mutationFn: (id: string) => {
      showRead(id);
      return request(notificationCalls.markRead, { params: { id } });
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(unreadCount),
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => {
      showRead(null);
      return request(notificationCalls.markAllRead, {});
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(unreadCount),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}
