import { limits } from '@saathi/contract';

/** Spec: a reason is required (non-empty after trimming) and at most 500 characters. */
export function reportReasonValid(reason: string): boolean {
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= limits.reportReasonMax;
}
