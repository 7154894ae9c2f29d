import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { postKeys } from '../../api/keys/postKeys';
import { refuseOffline } from '../../api/refuseOffline';
import { useToken } from '../../api/token';
import { showToast } from '../../ui/toastStore';

/**
 * Deletes one of the viewer's posts after the spec's confirmation. Used by the failed-post
 * banner here and by the own-profile grid (issue #4). Answers whether it was deleted.
 */
export function useDeletePost() {
  const { t } = useTranslation();
  const token = useToken();
  const mutation = useMutation({
    mutationFn: (postId: string) => request(postCalls.remove, { params: { videoId: postId } }),
    onSuccess: () => {
      showToast('success', t('deletePost.success'));
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
    onError: (error) => showToast('error', errorText(error, 'deletePost.failed')),
  });

  async function deletePost(postId: string): Promise<boolean> {
    if (!token) {
      showToast('error', t('deletePost.login'));
      return false;
    }
    if (refuseOffline()) return false;
    // A blocking native dialog: big system buttons, and no accidental double delete.
    if (!window.confirm(t('deletePost.confirm'))) return false;
    try {
      await mutation.mutateAsync(postId);
      return true;
    } catch {
      return false;
    }
  }

  return { deletePost, deleting: mutation.isPending ? mutation.variables : undefined };
}
