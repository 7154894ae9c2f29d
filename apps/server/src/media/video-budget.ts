import { MediaRejectedError } from './errors.js';
import type { MediaProbe } from './probe.js';
import { limits } from './types.js';

export const videoTooLarge = () =>
  new MediaRejectedError('media_too_large', 'This video is too large to process.');

/**
 * Refuses, from what ffprobe read of the container, a video whose decoding would cost far
 * more than any phone clip of 10 MB: the work of a transcode is decoded pixels, and a small
 * file can list one huge frame thousands of times. The frame rate used is the container's
 * own count over its duration (MP4/MOV sample tables); ffprobe's r_frame_rate is a guess
 * (1000 for browser WebM) and would refuse real recordings.
 */
export function refuseCostlyVideo(probe: MediaProbe): void {
  const framePixels = probe.codedWidth * probe.codedHeight;
  if (framePixels > limits.maxInputPixels) throw videoTooLarge();
  const { frameCount, durationSec } = probe;
  if (frameCount === null) return;
  if (durationSec !== null) {
    const fps = frameCount / durationSec;
    if (fps > limits.maxFrameRate || framePixels * fps > limits.maxPixelRate) {
      throw videoTooLarge();
    }
  }
  if (framePixels * frameCount > limits.maxTotalPixels) throw videoTooLarge();
}

export interface VideoTimeLimit {
  /** The most any clip gets, however long. */
  maxSec: number;
}

/** Start-up, probing and a slow phone's HEVC 4K decode, whatever the clip's length. */
const BASE_SEC = 60;
/** Seconds of work per second of video: a 720p encode on two cores runs faster than that. */
const PER_VIDEO_SEC = 1;

/**
 * How long ffmpeg may run on a clip: proportional to its length, so a 10-second clip that
 * is still running after a minute and more is stopped then, not after ten minutes. A clip
 * without a duration gets the longest a clip may be.
 */
export function videoTimeLimitMs(durationSec: number | null, limit: VideoTimeLimit): number {
  const seconds = durationSec ?? limits.maxInputDurationSec;
  return Math.round(Math.min(limit.maxSec, BASE_SEC + PER_VIDEO_SEC * seconds) * 1000);
}
