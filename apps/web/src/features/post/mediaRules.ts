import { limits, type MessageCode } from '@saathi/contract';

export interface MediaProblem {
  code: MessageCode;
  params?: Record<string, number>;
}

/**
 * The spec allows jpeg, jpg, png and gif; the server also converts phone formats (HEIC from
 * iPhones, WebP from many Android cameras), so those are accepted too.
 */
const imageTypes = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
];
const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif'];
/** Spec: mp4, avi, mov, wmv; phones also record 3gp and browsers webm, which the server reads. */
const videoTypes = [
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/avi',
  'video/x-msvideo',
  'video/vnd.avi',
  'video/x-ms-wmv',
  'video/x-ms-asf',
  'video/3gpp',
  'video/3gpp2',
  'video/webm',
];
const videoExtensions = ['mp4', 'm4v', 'mov', 'avi', 'wmv', '3gp', '3g2', 'webm'];

/** What the pickers offer: types and extensions, as Android's file picker matches either. */
export const imageAccept = [...imageTypes, ...imageExtensions.map((ext) => `.${ext}`)].join(',');
export const videoAccept = [...videoTypes, ...videoExtensions.map((ext) => `.${ext}`)].join(',');

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Phones often leave the type empty (HEIC, 3gp): the extension decides then. */
function allowed(file: File, types: readonly string[], extensions: readonly string[]): boolean {
  return types.includes(file.type.toLowerCase()) || extensions.includes(extension(file.name));
}

/** Image N (1-based, as the spec's messages count) of the post. */
export function imageProblem(file: File, n: number): MediaProblem | null {
  if (file.size > limits.postImageMaxBytes) return { code: 'image_too_large', params: { n } };
  if (!allowed(file, imageTypes, imageExtensions)) return { code: 'image_type', params: { n } };
  return null;
}

export function videoProblem(file: File): MediaProblem | null {
  if (file.size > limits.postVideoMaxBytes) return { code: 'video_too_large' };
  if (!allowed(file, videoTypes, videoExtensions)) return { code: 'video_type' };
  return null;
}

/** Checks newly picked images that would follow `existing` ones. */
export function newImagesProblem(existing: number, picked: readonly File[]): MediaProblem | null {
  if (existing + picked.length > limits.postImagesMax) {
    return { code: 'too_many_images', params: { max: limits.postImagesMax } };
  }
  for (const [i, file] of picked.entries()) {
    const problem = imageProblem(file, existing + i + 1);
    if (problem) return problem;
  }
  return null;
}

export function mediaMissing(images: number, video: File | null): MediaProblem | null {
  return images === 0 && video === null ? { code: 'post_media_required' } : null;
}
