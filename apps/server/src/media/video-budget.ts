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
  /** The most CPU time, in seconds, any clip gets, however long. */
  maxSec: number;
}

/** Start-up, probing and a phone's 4K HEVC decode, whatever the clip's length. */
const BASE_SEC = 120;
/**
 * CPU seconds per second of video: both renditions of a 1080p phone clip cost about 0.6 here,
 * so this leaves room for 4K HEVC and a slow core (as the earlier wall-clock limit of 60 s
 * plus the clip's length did on two cores).
 */
const PER_VIDEO_SEC = 2;
/**
 * How much longer than its CPU budget a run may last on the wall clock: a backstop for a run
 * that stalls, long enough that a clip waiting for the CPU on a busy server (ffmpeg runs at
 * nice 19) still gets its turn. At most 12 minutes: pg-boss gives a post's whole job 15
 * (jobs/queue.ts), posters and storage included.
 */
const WALL_FACTOR = 6;
const WALL_MAX_MS = 12 * 60_000;

/**
 * How much CPU time ffmpeg may use on a clip: proportional to its length, so a 10-second clip
 * that has used two minutes and more is stopped then, not after twenty. CPU time, not wall
 * time, because the limit is about what the file costs: on a busy machine a clip may wait
 * long for the CPU it needs and is still a clip, not a bomb. A clip without a duration gets
 * the longest a clip may be.
 */
export function videoCpuLimitMs(
  durationSec: number | null,
  limit: VideoTimeLimit = { maxSec: Infinity },
): number {
  const seconds = durationSec ?? limits.maxInputDurationSec;
  return Math.round(Math.min(limit.maxSec, BASE_SEC + PER_VIDEO_SEC * seconds) * 1000);
}

/** The wall-clock backstop of a run with this CPU budget, where CPU time can be read. */
export const videoWallLimitMs = (cpuLimitMs: number) =>
  Math.min(cpuLimitMs * WALL_FACTOR, WALL_MAX_MS);
