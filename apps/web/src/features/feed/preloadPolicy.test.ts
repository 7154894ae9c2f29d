// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bufferedAhead, isSettled, itemMode, itemWindow } from './preloadPolicy';

const ranges = (...list: [number, number][]) => ({
  length: list.length,
  start: (i: number) => list[i]?.[0] ?? 0,
  end: (i: number) => list[i]?.[1] ?? 0,
});

describe('preload policy', () => {
  it('lets the next video load only once the current one has settled', () => {
    expect([-2, -1, 0, 1, 2].map((d) => itemMode(d, false))).toEqual([
      'blank',
      'poster',
      'play',
      'poster',
      'blank',
    ]);
    expect(itemMode(1, true)).toBe('preload');
  });

  it('keeps two items either side in the page', () => {
    expect(itemWindow(0, 40)).toEqual({ first: 0, last: 2 });
    expect(itemWindow(30, 40)).toEqual({ first: 28, last: 32 });
    expect(itemWindow(39, 40)).toEqual({ first: 37, last: 39 });
  });

  it('measures the buffer ahead of the playhead without gaps', () => {
    expect(bufferedAhead(ranges([0, 4]), 1)).toBe(3);
    expect(bufferedAhead(ranges([0, 2], [5, 9]), 6)).toBe(3);
    expect(bufferedAhead(ranges([0, 2], [5, 9]), 3)).toBe(0);
    expect(bufferedAhead(ranges(), 0)).toBe(0);
  });

  it('settles with 3 s ahead while playing, or with the whole clip in', () => {
    expect(isSettled({ playing: true, ahead: 3, at: 0, duration: 20 })).toBe(true);
    expect(isSettled({ playing: true, ahead: 2.9, at: 0, duration: 20 })).toBe(false);
    expect(isSettled({ playing: false, ahead: 10, at: 0, duration: 20 })).toBe(false);
    expect(isSettled({ playing: true, ahead: 1, at: 1, duration: 2 })).toBe(true);
    expect(isSettled({ playing: true, ahead: 1, at: 0, duration: NaN })).toBe(false);
  });
});
