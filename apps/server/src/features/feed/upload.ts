import { limits } from '@saathi/contract';
import { postImageRule, postVideoRule } from '../../media/post-file-rules.js';
import type { MultipartBody, ReceivedUpload } from '../../media/receive-upload.js';
import type { Storage } from '../../storage/storage.js';

/** Streams a post's files, checked by their bytes and sizes, into uploads/ (never served). */
export function receivePostUpload(
  incoming: MultipartBody,
  storage: Storage,
  postId: string,
): Promise<ReceivedUpload> {
  return incoming.receive(storage, {
    prefix: `uploads/posts/${postId}`,
    files: {
      images: postImageRule(limits.postImagesMax, 'too_many_images'),
      video: postVideoRule('too_many_videos'),
    },
  });
}
