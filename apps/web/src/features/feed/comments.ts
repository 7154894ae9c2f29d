import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { commentCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { updatePost } from '../../api/updatePost';
import { commentKeys } from '../../api/keys/commentKeys';

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.ofPost(postId),
    queryFn: ({ pageParam, signal }) =>
      request(commentCalls.list, {
        params: { videoId: postId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** After a change the spec reloads the list; the post's count follows at once. */
function settle(postId: string, delta: number): Promise<void> {
  updatePost(queryClient, postId, (post) => ({
    ...post,
    commentsCount: Math.max(0, post.commentsCount + delta),
  }));
  return queryClient.invalidateQueries({ queryKey: commentKeys.ofPost(postId) });
}

export function useAddComment(postId: string) {
  return useMutation({
    mutationFn: (comment: string) =>
      request(commentCalls.add, { params: { videoId: postId }, body: { comment } }),
    onSuccess: () => settle(postId, 1),
  });
}

export function useDeleteComment(postId: string) {
  return useMutation({
    mutationFn: (commentId: string) =>
      request(commentCalls.remove, { params: { videoId: postId, commentId } }),
    onSuccess: () => settle(postId, -1),
  });
}
