import type { FastifyRequest } from 'fastify';
import { limits } from '@saathi/contract';
import { postImageRule, postVideoRule } from '../../media/post-file-rules.js';
import { receiveUpload, type ReceivedUpload } from '../../media/receive-upload.js';
import type { Storage } from '../../storage/storage.js';

/** Streams a post's files, checked by their bytes and sizes, into uploads/ (never served). */
export function receivePostUpload(
  request: FastifyRequest,
  storage: Storage,
  postId: string,
): Promise<ReceivedUpload> {
  return receiveUpload(request, storage, {
    prefix: `uploads/posts/${postId}`,
    files: {
      images: postImageRule(limits.postImagesMax, 'too_many_images'),
      video: postVideoRule('too_many_videos'),
    },
  });
}
