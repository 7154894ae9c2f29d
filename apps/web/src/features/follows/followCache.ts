import type { QueryClient } from '@tanstack/react-query';
import type { followCalls, profileCalls } from '@saathi/contract';
import type { ResponseOf } from '../../api/client';
import { followKeys } from '../../api/keys/followKeys';
import { meKeys } from '../../api/keys/meKeys';
import { profileKeys } from '../../api/keys/profileKeys';

type Stats = ResponseOf<typeof followCalls.stats>;
type Check = ResponseOf<typeof followCalls.check>;
type Profile = ResponseOf<typeof profileCalls.get>;
type Me = { user: { _id: string } };

function bump(stats: Stats | undefined, field: 'followersCount' | 'followingCount', by: number) {
  return stats ? { ...stats, [field]: Math.max(0, stats[field] + by) } : stats;
}

/**
 * Shows a follow state everywhere it is cached: the button, the target's follower count
 * and the viewer's following count (stats and profile), so every screen agrees at once.
 */
export function showFollowing(client: QueryClient, userId: string, following: boolean): void {
  const before = client.getQueryData<Check>(followKeys.state(userId))?.isFollowing;
  client.setQueryData<Check>(followKeys.state(userId), {
    success: true,
    isFollowing: following,
  });
  if (before === undefined || before === following) return;
  const by = following ? 1 : -1;
  client.setQueryData<Stats>(followKeys.stats(userId), (s) => bump(s, 'followersCount', by));
  client.setQueryData<Profile>(profileKeys.one(userId), (data) =>
    data
      ? {
          ...data,
          profile: {
            ...data.profile,
            isFollowing: following,
            followStats: {
              ...data.profile.followStats,
              followersCount: Math.max(0, data.profile.followStats.followersCount + by),
            },
          },
        }
      : data,
  );
  const viewerId = client.getQueryData<Me>(meKeys.all)?.user._id;
  if (viewerId) {
    client.setQueryData<Stats>(followKeys.stats(viewerId), (s) => bump(s, 'followingCount', by));
  }
}
