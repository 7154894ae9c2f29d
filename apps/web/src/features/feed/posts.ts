import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { limits, postCalls, profileCalls, type Product } from '@saathi/contract';
import { request, type ResponseOf } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

type FeedPage = ResponseOf<typeof postCalls.feed>;
type OnePost = ResponseOf<typeof postCalls.get>;
type MyPosts = ResponseOf<typeof postCalls.mine>;
type Profile = ResponseOf<typeof profileCalls.get>;

/**
 * Small pages (the next one comes early anyway); the server puts the first one in index.html
 * at this size (features/feed/firstPage.ts).
 */
const pageSize = limits.feedPageApp;
/** How often the author's processing posts are checked. */
const processingPollMs = 4000;

export function useFeed(emergency: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.feed(emergency),
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
    queryKey: queryKeys.post(id ?? ''),
    queryFn: ({ signal }) => request(postCalls.get, { params: { videoId: id ?? '' }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** The signed-in user's own posts; polled only while one of them is still processing. */
export function useMyPosts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.myPosts,
    queryFn: ({ signal }) => request(postCalls.mine, { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.products.some((post) => post.status === 'processing')
        ? processingPollMs
        : false,
  });
}

/** Applies one change to a post wherever it is cached: feeds, shared post, own posts, profiles. */
export function patchPost(
  client: QueryClient,
  id: string,
  change: (post: Product) => Product,
): void {
  const apply = (post: Product) => (post._id === id ? change(post) : post);
  client.setQueriesData<InfiniteData<FeedPage>>({ queryKey: queryKeys.feedAll }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, products: page.products.map(apply) })),
        }
      : data,
  );
  client.setQueriesData<OnePost>({ queryKey: queryKeys.postOne }, (data) =>
    data ? { ...data, product: apply(data.product) } : data,
  );
  client.setQueriesData<MyPosts>({ queryKey: queryKeys.myPosts }, (data) =>
    data ? { ...data, products: data.products.map(apply) } : data,
  );
  client.setQueriesData<Profile>({ queryKey: queryKeys.profiles }, (data) =>
    data ? { ...data, profile: { ...data.profile, videos: data.profile.videos.map(apply) } } : data,
  );
}
