import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { followCalls, type PersonSummary } from '@saathi/contract';
import { request } from '../../api/client';
import { followKeys } from '../../api/keys/followKeys';

/** Small pages: a driver on 2G sees the first rows quickly and loads more when needed. */
const pageSize = 20;

export type FollowListKind = 'followers' | 'following';

/** Followers or followings of a user, page by page through the server's cursor. */
export function useFollowList(kind: FollowListKind, userId: string) {
  return useInfiniteQuery({
    queryKey: kind === 'followers' ? followKeys.followers(userId) : followKeys.following(userId),
    queryFn: async ({
      pageParam,
      signal,
    }): Promise<{ people: PersonSummary[]; next: string | null }> => {
      const input = {
        params: { userId },
        query: { cursor: pageParam ?? undefined, limit: pageSize },
        signal,
      };
      if (kind === 'followers') {
        const page = await request(followCalls.followers, input);
        return { people: page.followers.map((row) => row.follower), next: page.nextCursor };
      }
      const page = await request(followCalls.following, input);
      return { people: page.following.map((row) => row.following), next: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export function useSuggestions() {
  return useQuery({
    queryKey: followKeys.suggestions,
    queryFn: ({ signal }) => request(followCalls.suggestions, { signal }),
  });
}
