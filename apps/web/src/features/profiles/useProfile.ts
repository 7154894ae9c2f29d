import { useQuery } from '@tanstack/react-query';
import { profileCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { followKeys } from '../../api/keys/followKeys';
import { profileKeys } from '../../api/keys/profileKeys';

/**
 * Another user's profile. Its follow state and counts also fill the follow caches, so the
 * Follow button and the counts need no extra calls and move together on a tap.
 */
export function useProfile(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.one(userId),
    queryFn: async ({ signal }) => {
      const data = await request(profileCalls.get, { params: { userId }, signal });
      const { isFollowing, followStats } = data.profile;
      queryClient.setQueryData(followKeys.state(userId), { success: true, isFollowing });
      queryClient.setQueryData(followKeys.stats(userId), {
        success: true,
        followersCount: followStats.followersCount,
        followingCount: followStats.followingCount,
      });
      return data;
    },
    enabled,
    retry: false,
  });
}
