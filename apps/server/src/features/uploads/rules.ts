import { limits, type UploadPurpose } from '@saathi/contract';
import { postImageRule, postVideoRule } from '../../media/post-file-rules.js';
import type { FileRule } from '../../media/sniff.js';
import { voiceRule } from '../voice/index.js';

/** The checks a resumable upload's bytes pass: the same ones as the multipart calls'. */
export function ruleFor(purpose: UploadPurpose): FileRule {
  switch (purpose) {
    case 'video':
      return postVideoRule('too_many_videos');
    case 'image':
      return postImageRule(limits.postImagesMax, 'too_many_images');
    case 'voice':
      return voiceRule;
  }
}
