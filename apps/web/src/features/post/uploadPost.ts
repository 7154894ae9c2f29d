import i18n from 'i18next';
import { postCalls, type UploadPurpose } from '@saathi/contract';
import { request, type ResponseOf } from '../../api/client';
import { ApiError } from '../../api/errors';
import { errorText } from '../../api/errorText';
import { dropFinished, forgetFile, isCancelled, sendResumable, type UploadState } from '../uploads';

export interface NewPost {
  caption: string;
  location: string;
  emergency: boolean;
  images: readonly File[];
  video: File | null;
}

/**
 * Sends each file as a resumable upload (the video first, one at a time: on a thin link
 * parallel uploads only share it), then creates the post naming them. Progress counts the
 * bytes of all files together. A cancel ends every upload on the server, finished ones too.
 */
export async function uploadPost(
  post: NewPost,
  onState: (state: UploadState) => void,
  signal: AbortSignal,
): Promise<ResponseOf<typeof postCalls.create>> {
  const files: { file: File; purpose: UploadPurpose }[] = [
    ...(post.video ? [{ file: post.video, purpose: 'video' as const }] : []),
    ...post.images.map((file) => ({ file, purpose: 'image' as const })),
  ];
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  const sent: { id: string; purpose: UploadPurpose }[] = [];
  let before = 0;
  try {
    for (const { file, purpose } of files) {
      const id = await sendResumable(file, {
        purpose,
        resumable: true,
        signal,
        onState: (state) => onState({ ...state, sent: before + state.sent, total }),
      });
      sent.push({ id, purpose });
      before += file.size;
    }
    const ids = (purpose: UploadPurpose) => sent.filter((s) => s.purpose === purpose);
    const response = await request(postCalls.create, {
      body: {
        caption: post.caption.trim(),
        location: post.location.trim(),
        emergency: post.emergency,
        videoUploadId: ids('video')[0]?.id,
        imageUploadIds: ids('image').map((s) => s.id),
      },
      signal,
    });
    // Posted: the phone need not remember where these files went.
    await Promise.all(files.map((f) => forgetFile(f.file, f.purpose)));
    return response;
  } catch (error) {
    if (isCancelled(error)) await Promise.all(sent.map((s) => dropFinished(s.id, s.purpose)));
    throw error;
  }
}

export { isCancelled };

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
