import { limits, type MessageCode } from '@saathi/contract';
import type { FileRule } from './sniff.js';
import { postImageTypes, postVideoTypes } from './types.js';

/**
 * The checks of a post's picture and video, shared by everything the media pipeline turns
 * into post-like media (posts, safety cautions): each call says how many files it takes.
 */
export function postImageRule(maxFiles: number, tooManyCode: MessageCode): FileRule {
  return {
    maxBytes: limits.postImageMaxBytes,
    accept: postImageTypes,
    rejectCode: 'image_type',
    tooLargeCode: 'image_too_large',
    maxFiles,
    tooManyCode,
  };
}

export function postVideoRule(tooManyCode: MessageCode): FileRule {
  return {
    maxBytes: limits.postVideoMaxBytes,
    accept: postVideoTypes,
    rejectCode: 'video_type',
    tooLargeCode: 'video_too_large',
    maxFiles: 1,
    tooManyCode,
  };
}
