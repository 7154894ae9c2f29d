import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { limits, postCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { postKeys } from '../../api/keys/postKeys';

/**
 * Small pages (the next one comes early anyway); the server puts the first one in index.html
 * at this size (features/feed/firstPage.ts).
 */
const pageSize = limits.feedPageApp;
/** How often the author's processing posts are checked. */
const processingPollMs = 4000;

export function useFeed(emergency: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(emergency),
    queryFn: ({ pageParam, signal }) =>
      request(postCalls.feed, {
        query: {
          cursor: pageParam ?? undefined,
          limit: pageSize,
          emergency: emergency || undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The post of a shared link (?v=id), shown first. */
export function useSharedPost(id: string | null) {
  return useQuery({
    queryKey: postKeys.one(id ?? ''),
    queryFn: ({ signal }) => request(postCalls.get, { params: { videoId: id ?? '' }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** The signed-in user's own posts; polled only while one of them is still processing. */
export function useMyPosts(enabled: boolean) {
  return useQuery({
    queryKey: postKeys.mine,
    queryFn: ({ signal }) => request(postCalls.mine, { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.products.some((post) => post.status === 'processing')
        ? processingPollMs
        : false,
  });
}
