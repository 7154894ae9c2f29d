import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { moderationCalls } from '@saathi/contract';
import { request } from '../../../api/client';
import { queryClient } from '../../../api/queryClient';
import { postKeys } from '../../../api/keys/postKeys';
import { adminKeys } from '../adminKeys';

export function useReportQueue() {
  return useInfiniteQuery({
    queryKey: adminKeys.reports,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      request(moderationCalls.queue, { query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type ReportAction =
  | { kind: 'dismiss'; reason: string }
  | { kind: 'remove'; reason: string }
  | { kind: 'removeAndBlock'; reason: string };

function run(videoId: string, action: ReportAction) {
  const params = { videoId };
  switch (action.kind) {
    case 'dismiss':
      return request(moderationCalls.dismiss, {
        params,
        body: action.reason ? { note: action.reason } : {},
      });
    case 'remove':
      return request(moderationCalls.remove, { params, body: { reason: action.reason } });
    case 'removeAndBlock':
      return request(moderationCalls.removeAndBlock, { params, body: { reason: action.reason } });
  }
}

/** After an action the queue, the counts, the log and any cached feed are read again. */
export function useReportAction(videoId: string) {
  return useMutation({
    mutationFn: (action: ReportAction) => run(videoId, action),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]);
    },
  });
}
