import i18n from 'i18next';
import { limits, postCalls } from '@saathi/contract';
import { requestMultipart } from '../../api/client';
import { ApiError } from '../../api/errors';
import { errorText } from '../../api/errorText';

export interface NewPost {
  caption: string;
  location: string;
  emergency: boolean;
  images: readonly File[];
  video: File | null;
}

export function uploadPost(
  post: NewPost,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) {
  return requestMultipart(postCalls.create, {
    fields: {
      caption: post.caption.trim(),
      location: post.location.trim(),
      emergency: String(post.emergency),
    },
    files: [
      ...post.images.map((file) => ['images', file] as const),
      ...(post.video ? [['video', post.video] as const] : []),
    ],
    onProgress,
    timeoutMs: limits.uploadTimeoutMs,
    signal,
  });
}

export const isCancelled = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** Spec 001 section 8: the four upload failure texts. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'timeout') return i18n.t('post.timeout');
    if (error.isNetwork) return i18n.t('post.network');
    if (error.serverMessage) {
      return i18n.t('post.failedWith', { error: errorText(error, 'post.failed') });
    }
  }
  return i18n.t('post.failed');
}
