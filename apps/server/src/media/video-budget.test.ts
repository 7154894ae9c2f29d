import { describe, expect, it } from 'vitest';
import { parseProbe } from './probe.js';
import { refuseCostlyVideo, videoCpuLimitMs, videoWallLimitMs } from './video-budget.js';

/** What ffprobe says of a clip: one video stream with these properties. */
const clip = (s: { width: number; height: number; frames?: number; duration?: number }) =>
  parseProbe({
    streams: [
      {
        codec_type: 'video',
        codec_name: 'h264',
        width: s.width,
        height: s.height,
        avg_frame_rate: '30/1',
        r_frame_rate: '1000/1',
        ...(s.frames === undefined ? {} : { nb_frames: String(s.frames) }),
      },
    ],
    format: s.duration === undefined ? {} : { duration: String(s.duration) },
  });

const refusal = (probe: ReturnType<typeof clip>) => {
  try {
    refuseCostlyVideo(probe);
    return null;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('refuseCostlyVideo', () => {
  it('takes what phones record: 4K60, 8K30, slow motion, long 720p, WebM without a count', () => {
    expect(refusal(clip({ width: 3840, height: 2160, frames: 180, duration: 3 }))).toBeNull();
    expect(refusal(clip({ width: 3840, height: 2160, frames: 360, duration: 3 }))).toBeNull();
    expect(refusal(clip({ width: 7680, height: 4320, frames: 60, duration: 2 }))).toBeNull();
    expect(refusal(clip({ width: 1280, height: 720, frames: 2400, duration: 10 }))).toBeNull();
    expect(refusal(clip({ width: 1280, height: 720, frames: 18000, duration: 600 }))).toBeNull();
    expect(refusal(clip({ width: 1280, height: 720 }))).toBeNull();
  });

  it('refuses huge frames, implausible frame rates and pixel counts no phone clip has', () => {
    // One 8192x8192 frame (the looped MJPEG of issue 11), whatever its count.
    expect(refusal(clip({ width: 8192, height: 8192, frames: 1, duration: 1 }))).toBe(
      'media_too_large',
    );
    // 1000 frames a second listed in the container.
    expect(refusal(clip({ width: 640, height: 360, frames: 10000, duration: 10 }))).toBe(
      'media_too_large',
    );
    // 4K at 240 fps: twice what a phone writes.
    expect(refusal(clip({ width: 3840, height: 2160, frames: 2400, duration: 10 }))).toBe(
      'media_too_large',
    );
    // Ten minutes of 4K at 30 fps in a file of at most 10 MB: repeated frames.
    expect(refusal(clip({ width: 3840, height: 2160, frames: 18000, duration: 600 }))).toBe(
      'media_too_large',
    );
  });
});

describe('videoCpuLimitMs', () => {
  it('grows with the clip, up to the configured maximum', () => {
    expect(videoCpuLimitMs(10, { maxSec: 1320 })).toBe(140_000);
    expect(videoCpuLimitMs(600, { maxSec: 1320 })).toBe(1_320_000);
    expect(videoCpuLimitMs(null, { maxSec: 1320 })).toBe(1_320_000);
    expect(videoCpuLimitMs(600, { maxSec: 20 })).toBe(20_000);
    expect(videoCpuLimitMs(30)).toBe(180_000);
  });
});

describe('videoWallLimitMs', () => {
  it("gives a starved run six times its CPU budget, within the job's 15 minutes", () => {
    expect(videoWallLimitMs(1_000)).toBe(6_000);
    expect(videoWallLimitMs(60_000)).toBe(360_000);
    expect(videoWallLimitMs(180_000)).toBe(720_000);
  });
});
