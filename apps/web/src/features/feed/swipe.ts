/** Spec: a swipe moves only when its horizontal distance is over 80 px. */
export const swipeThresholdPx = 80;

export interface SwipeStart {
  x: number;
  y: number;
  /** Swipes that start on a video are ignored: the player's own controls take those. */
  onVideo: boolean;
}

/** Left swipe goes to the next item, right swipe to the previous one. */
export function swipeDirection(start: SwipeStart, endX: number, endY: number): 1 | -1 | null {
  if (start.onVideo) return null;
  const dx = endX - start.x;
  const dy = endY - start.y;
  if (Math.abs(dx) <= swipeThresholdPx || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 1 : -1;
}
