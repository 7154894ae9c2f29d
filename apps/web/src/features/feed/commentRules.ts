import { limits } from '@saathi/contract';

/** Spec: empty or whitespace-only text is ignored, and nothing is sent while a post runs. */
export function canSendComment(text: string, posting: boolean): boolean {
  const trimmed = text.trim();
  return !posting && trimmed.length > 0 && trimmed.length <= limits.commentMax;
}
