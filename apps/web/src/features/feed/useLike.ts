import { useTranslation } from 'react-i18next';
import { postCalls, type Product } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { refuseOffline } from '../../api/refuseOffline';
import { useToken } from '../../api/token';
import { showToast } from '../../ui/toastStore';
import { createLikeQueue } from './likeQueue';
import { patchPost } from './posts';

/** One queue for the whole app, so the same post liked from two screens still queues once. */
const likeQueue = createLikeQueue({
  send: async (postId) => {
    const { liked, likes } = await request(postCalls.toggleLike, { params: { videoId: postId } });
    return { liked, likes };
  },
  show: (postId, state) =>
    patchPost(queryClient, postId, (post) => ({
      ...post,
      likedByMe: state.liked,
      likes: state.likes,
    })),
  // The spec only logs like failures; a driver still needs to know the heart did not stick.
  fail: (_postId, error) => showToast('error', errorText(error, 'feed.likeFailed')),
});

/** Toggles the like of a post; without a token it says so (loginKey) instead. */
export function useLike(post: Product, loginKey: string) {
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
