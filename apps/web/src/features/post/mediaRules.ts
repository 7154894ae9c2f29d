import { limits, postImageTypes, postVideoTypes, type MessageCode } from '@saathi/contract';

export interface MediaProblem {
  code: MessageCode;
  params?: Record<string, number>;
}

/*
 * The kinds the server accepts (the contract's lists, as the server sniffs them from the bytes),
 * plus the names some browsers declare for the same files: older Android browsers say
 * `image/jpg`, and Windows declares an AVI as `video/avi`.
 */
const imageTypes: readonly string[] = [...postImageTypes, 'image/jpg'];
const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif'];
const videoTypes: readonly string[] = [...postVideoTypes, 'video/avi'];
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
