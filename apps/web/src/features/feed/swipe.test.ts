// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

const start = { x: 200, y: 300, onVideo: false };

describe('swipe', () => {
  it('moves only past 80 px', () => {
    expect(swipeDirection(start, 120, 300)).toBeNull();
    expect(swipeDirection(start, 119, 300)).toBe(1);
    expect(swipeDirection(start, 281, 300)).toBe(-1);
    expect(swipeDirection(start, 280, 300)).toBeNull();
  });

  it('ignores mostly vertical gestures, which scroll the feed', () => {
    expect(swipeDirection(start, 100, 450)).toBeNull();
  });

  it('ignores swipes that start on a video', () => {
    expect(swipeDirection({ ...start, onVideo: true }, 0, 300)).toBeNull();
  });
});
