import type { FastifyRequest } from 'fastify';
import { limits } from '@saathi/contract';
import { postImageTypes, postVideoTypes } from '../../media/types.js';
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
      images: {
        maxBytes: limits.postImageMaxBytes,
        accept: postImageTypes,
        rejectCode: 'image_type',
        tooLargeCode: 'image_too_large',
        maxFiles: limits.postImagesMax,
        tooManyCode: 'too_many_images',
      },
      video: {
        maxBytes: limits.postVideoMaxBytes,
        accept: postVideoTypes,
        rejectCode: 'video_type',
        tooLargeCode: 'video_too_large',
        maxFiles: 1,
        tooManyCode: 'too_many_videos',
      },
    },
  });
}
