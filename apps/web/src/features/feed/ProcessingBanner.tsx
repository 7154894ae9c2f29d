import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, RotateCw, Trash2 } from 'lucide-react';
import { postCalls, type Product } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { isRefusal, storedReasonText } from '../../api/storedReasonText';
import { queryClient } from '../../api/queryClient';
import { postKeys } from '../../api/keys/postKeys';
import { useToken } from '../../api/token';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toastStore';
import { useMyPosts } from './posts';
import { useDeletePost } from './useDeletePost';

function FailedRow({ post }: { post: Product }) {
  const { t } = useTranslation();
  const { deletePost, deleting } = useDeletePost();
  const retry = useMutation({
    mutationFn: () => request(postCalls.retry, { params: { videoId: post._id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.mine }),
    onError: (error) => showToast('error', errorText(error, 'banner.retryFailed')),
  });
  const button =
    'flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold disabled:opacity-50';
  return (
    <li className="flex flex-col gap-2 bg-red-50 px-3 py-2 text-red-900">
      <p className="flex items-start gap-2 text-sm">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong>{t('banner.failed', { title: post.title || post.location })}</strong>{' '}
          {post.failureReason ? storedReasonText(post.failureReason) : ''}
        </span>
      </p>
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={() => void deletePost(post._id)}
          disabled={deleting === post._id}
          className={`${button} text-red-800`}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('banner.delete')}
        </button>
        {/* A refused file is gone from the server: Retry would only fail again. */}
        {!(post.failureReason && isRefusal(post.failureReason)) && (
          <button
            type="button"
            onClick={() => retry.mutate()}
            disabled={retry.isPending}
            className={`${button} bg-brand text-white`}
          >
            {retry.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <RotateCw aria-hidden className="size-4" />
            )}
            {t('banner.retry')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The viewer's own posts that are not in the feed yet: still processing, or failed. */
export function ProcessingBanner() {
  const { t } = useTranslation();
  const token = useToken();
  const mine = useMyPosts(token !== null);
  const posts = mine.data?.products ?? [];
  const processing = posts.filter((post) => post.status === 'processing');
  const failed = posts.filter((post) => post.status === 'failed');

  // A post that finished processing belongs in the feed now: fetch the feed again.
  const processingIds = processing.map((post) => post._id).join(',');
  const previous = useRef(processingIds);
  useEffect(() => {
    const before = previous.current.split(',').filter(Boolean);
    const now = processingIds.split(',');
    previous.current = processingIds;
    if (before.some((id) => !now.includes(id))) {
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds });
    }
  }, [processingIds]);

  if (processing.length === 0 && failed.length === 0) return null;
  return (
    <ul aria-live="polite" className="shrink-0 divide-y divide-stone-200 border-b border-stone-200">
      {processing.length > 0 && (
        <li
          data-testid="processing-banner"
          className="flex items-center gap-3 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
        >
          <Spinner className="size-5" />
          {t('banner.processing', { count: processing.length })}
        </li>
      )}
      {failed.map((post) => (
        <FailedRow key={post._id} post={post} />
      ))}
    </ul>
  );
}
