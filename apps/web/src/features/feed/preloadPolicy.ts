/**
 * Which items of the feed are in the page and what each may download, so the current video
 * gets the link to itself first:
 * - the current item plays (preload="auto");
 * - the next one shows its poster until the current one plays with `settledAheadSec` of
 *   buffer, then preloads with preload="metadata": the index (first in our faststart files)
 *   and the first frames, not the whole clip; it starts buffering for real when it becomes
 *   current. A byte range or preload="auto" stopped later would need timers and would race
 *   the browser's own buffering; "metadata" is a limit the browser keeps by itself;
 * - the previous one shows its poster only (cached: it was on screen);
 * - two away: an empty frame, no poster; further: not in the page at all.
 */
export type ItemMode = 'play' | 'preload' | 'poster' | 'blank';

/** Items this far from the current one are in the page; the rest are a spacer. */
export const windowRadius = 2;

/** Seconds the current video must have buffered ahead before the next one may download. */
export const settledAheadSec = 3;

export function itemMode(distance: number, nextMayLoad: boolean): ItemMode {
  if (distance === 0) return 'play';
  if (distance === 1) return nextMayLoad ? 'preload' : 'poster';
  if (distance === -1) return 'poster';
  return 'blank';
}

/** The items [first, last] in the page around `active`. */
export function itemWindow(active: number, count: number): { first: number; last: number } {
  return {
    first: Math.max(0, active - windowRadius),
    last: Math.min(count - 1, active + windowRadius),
  };
}

interface Buffered {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/** Seconds buffered from `at` on without a gap. */
export function bufferedAhead(buffered: Buffered, at: number): number {
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= at + 0.1 && at <= buffered.end(i)) return buffered.end(i) - at;
  }
  return 0;
}

/** End of the last buffered range, in seconds of the video. */
export function bufferedEnd(buffered: Buffered): number {
  return buffered.length > 0 ? buffered.end(buffered.length - 1) : 0;
}

/** Playing with enough ahead, or with the rest of the clip already in. */
export function isSettled(media: {
  playing: boolean;
  ahead: number;
  at: number;
  duration: number;
}): boolean {
  if (!media.playing) return false;
  return media.ahead >= settledAheadSec || media.at + media.ahead >= media.duration - 0.1;
}
