/**
 * The page's own estimate of the link, from the videos it downloads: what the first seconds
 * of a download brought, and what a stall revealed. It lives for the visit only: a phone
 * that moves from Wi-Fi to 3G starts a new visit with the browser's hints again.
 */
let estimateKbps: number | null = null;

export const measuredKbps = (): number | null => estimateKbps;

export function setMeasuredKbps(kbps: number | null): void {
  estimateKbps = kbps;
}

/** How long a download is watched before its rate is taken. */
export const measureWindowMs = 3000;

export interface BufferSample {
  /** performance.now() */
  atMs: number;
  /** End of the buffered media, in seconds of the video. */
  bufferedSec: number;
}

/**
 * The rate a download ran at, from media seconds buffered over wall time, priced at the
 * rendition's peak rate. The byte counts of a media request are not visible while it
 * runs (Resource Timing reports it once it ends), but what matters is the same: how many
 * seconds of this rendition the link brings per second.
 */
export function downloadKbps(start: BufferSample, end: BufferSample, kbps: number): number | null {
  const wallSec = (end.atMs - start.atMs) / 1000;
  if (wallSec <= 0) return null;
  const mediaSec = Math.max(0, end.bufferedSec - start.bufferedSec);
  return Math.round((mediaSec / wallSec) * kbps);
}

/** A stall on a rendition shows the link carries less than its rate. */
export function noteStall(kbps: number): void {
  const below = Math.round(kbps * 0.75);
  estimateKbps = estimateKbps === null ? below : Math.min(estimateKbps, below);
}
