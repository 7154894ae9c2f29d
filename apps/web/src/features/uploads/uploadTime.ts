import type { UploadState } from './resumableUpload';

/** Whole percent sent, never 100 before the last byte is in. */
export function percentSent(state: UploadState): number {
  if (state.total === 0) return 0;
  const percent = Math.floor((state.sent * 100) / state.total);
  return state.sent < state.total ? Math.min(99, percent) : 100;
}

/** Seconds left at the measured rate; undefined while paused or not yet measured. */
export function secondsLeft(state: UploadState): number | undefined {
  if (state.paused || !state.rate || state.rate <= 0) return undefined;
  return Math.ceil((state.total - state.sent) / state.rate);
}
