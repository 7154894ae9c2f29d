import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { followCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { refuseOffline } from '../../api/refuseOffline';
import { answerText, errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { followKeys } from '../../api/keys/followKeys';
import { createToggleQueue } from '../../api/toggleQueue';
import { useToken } from '../../api/token';
import { showToast } from '../../ui/toastStore';
import { useSession } from '../../api/session';
import { showFollowing } from './followCache';

/** Spec: stats, followers, following and suggestions are refreshed after every change. */
function refreshAfterChange(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: followKeys.all });
}

interface FollowState {
  following: boolean;
  /** The server's answer to the last call, shown when the queue settles. */
  message: string;
}

/** One queue for the whole app: the same author on many feed cards still queues once. */
const followQueue = createToggleQueue<FollowState>({
  // Follow and unfollow are idempotent on the server: the queue sends the wanted state.
  send: async (userId, following) => {
    const call = following ? followCalls.follow : followCalls.unfollow;
    return { following, message: answerText(await request(call, { params: { userId } })) };
  },
  isOn: (state) => state.following,
  guess: (_shown, following) => ({ following, message: '' }),
  show: (userId, state) => showFollowing(queryClient, userId, state.following),
  done: (_userId, state) => {
    showToast('success', state.message);
    void refreshAfterChange();
  },
  fail: (_userId, follow, error) => {
    showToast(
      'error',
      errorText(error, follow ? 'follows.followFailed' : 'follows.unfollowFailed'),
    );
    void refreshAfterChange();
  },
});

/** Whether the viewer follows this user (GET /api/follow/check), or undefined while unknown. */
export function useFollowState(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: followKeys.state(userId),
    queryFn: ({ signal }) => request(followCalls.check, { params: { userId }, signal }),
    enabled,
  });
}

/** Follower and following counts; the spec only asks for them when signed in. */
export function useFollowStats(userId: string | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: followKeys.stats(userId ?? ''),
    queryFn: ({ signal }) =>
      request(followCalls.stats, { params: { userId: userId ?? '' }, signal }),
    enabled: token !== null && Boolean(userId),
  });
}

function useQueuePending(userId: string): boolean {
  return useSyncExternalStore(followQueue.subscribe, () => followQueue.isPending(userId));
}

/** Everything a Follow button needs: whether to show it, the state, and the guarded toggle. */
export function useFollow(targetId: string | undefined) {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const target = targetId ?? '';
  const isSelf = Boolean(user && user._id === targetId);
  const state = useFollowState(target, token !== null && Boolean(targetId) && !isSelf);
  const pending = useQueuePending(target);
  const following = state.data?.isFollowing ?? false;

  function toggle(): void {
    const action = following ? 'unfollow' : 'follow';
    if (!token) {
      showToast('error', t(`follows.${action}Login`));
      return;
    }
    if (!user || !targetId) {
      showToast('error', t(`follows.${action}Missing`));
      return;
    }
    if (refuseOffline()) return;
    followQueue.toggle(targetId, { following, message: '' });
  }

  return {
    /** Spec: only for a signed-in viewer who is not the author. */
    visible: token !== null && !isSelf,
    known: state.data !== undefined,
    following,
    pending,
    toggle,
  };
}
