import {
  limits,
  postImageRule,
  postVideoRule,
  voiceRule,
  type FileRule,
  type UploadPurpose,
} from '@saathi/contract';

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
