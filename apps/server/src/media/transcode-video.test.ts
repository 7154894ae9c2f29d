import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ffmpeg,
  fixedNoise,
  portraitSource,
  inPairs,
  isFaststart,
  mediaDir,
  setRotation,
  sniffedMime,
} from '../../test/fixtures-media.js';
import { until } from '../../test/until.js';
import { FfmpegError, MediaRejectedError } from './errors.js';
import { runFfprobe } from './ffmpeg.js';
import { cpuTimeReadable } from './process-cpu.js';
import { probeMedia } from './probe.js';
import { transcodeRenditions, transcodeVideo } from './transcode-video.js';
import { postVideoTypes } from '@saathi/contract';

const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
const clip = (size: string, rate = 30) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=2`,
];

interface Case {
  file: string;
  args: string[];
  rotate?: 90;
  expect: { width: number; height: number; audio: boolean };
}

/** Small versions of what drivers' phones record; sizes chosen to exercise each rule. */
const cases: Record<string, Case> = {
  'portrait H.264 MP4 (rotated 1920x1080, as Android records)': {
    file: 'portrait.mp4',
    args: [
      ...portraitSource,
      ...tone,
      '-ac',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
    ],
    rotate: 90,
    expect: { width: 720, height: 1280, audio: true },
  },
  'iPhone MOV (HEVC 10-bit HLG, 60 fps, rotated)': {
    file: 'iphone.mov',
    args: [
      ...clip('640x360', 60),
      ...tone,
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p10le',
      '-tag:v',
      'hvc1',
      '-color_primaries',
      'bt2020',
      '-color_trc',
      'arib-std-b67',
      '-colorspace',
      'bt2020nc',
      '-c:a',
      'aac',
      '-f',
      'mov',
    ],
    rotate: 90,
    expect: { width: 360, height: 640, audio: true },
  },
  'HEVC MP4 without sound': {
    file: 'hevc.mp4',
    args: [
      ...clip('640x360'),
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
    ],
    expect: { width: 640, height: 360, audio: false },
  },
  '3GP from an old Android (H.263 + AAC 8 kHz)': {
    file: 'old.3gp',
    args: [
      ...clip('176x144', 15),
      ...tone,
      '-c:v',
      'h263',
      '-c:a',
      'aac',
      '-ac',
      '1',
      '-ar',
      '8000',
      '-b:a',
      '12k',
      '-f',
      '3gp',
    ],
    expect: { width: 176, height: 144, audio: true },
  },
  'AVI (MPEG-4 part 2 + MP3), landscape above 720p': {
    file: 'clip.avi',
    args: [...clip('1280x960', 15), ...tone, '-c:v', 'mpeg4', '-q:v', '10', '-c:a', 'libmp3lame'],
    expect: { width: 960, height: 720, audio: true },
  },
  'WMV (WMV2 + WMA)': {
    file: 'clip.wmv',
    args: [...clip('320x240', 15), ...tone, '-c:v', 'wmv2', '-c:a', 'wmav2', '-f', 'asf'],
    expect: { width: 320, height: 240, audio: true },
  },
  'WebM (VP8 + Opus) with odd dimensions': {
    file: 'clip.webm',
    args: [
      ...clip('321x241'),
      ...tone,
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
    ],
    expect: { width: 320, height: 240, audio: true },
  },
};

let dir = '';
let cleanup = async () => {};

beforeAll(async () => {
  ({ dir, cleanup } = await mediaDir());
  await inPairs(
    Object.values(cases).map((c) => async () => {
      const path = join(dir, c.file);
      await ffmpeg([...c.args, path]);
      if (c.rotate) await setRotation(path, c.rotate);
    }),
  );
  await ffmpeg([...tone, '-c:a', 'aac', join(dir, 'audio-only.m4a')]);
  // Busy road footage at its worst for an encoder: a detailed picture under moving noise, so
  // the low rendition is held by its bitrate cap rather than by its quality target.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30:duration=4,noise=alls=30:allf=t'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-ac', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-c:a', 'aac'],
    join(dir, 'busy-1080p.mp4'),
  ]);
});

afterAll(() => cleanup());

async function streamInfo(path: string) {
  const { stdout } = await runFfprobe(
    ['-show_streams', '-select_streams', 'v:0', '-print_format', 'json', `file:${path}`],
    { timeoutMs: 10_000 },
  );
  const parsed = JSON.parse(stdout.toString()) as {
    streams: {
      profile?: string;
      level?: number;
      pix_fmt?: string;
      avg_frame_rate?: string;
      color_transfer?: string;
      side_data_list?: unknown[];
    }[];
  };
  return parsed.streams[0];
}

describe('transcodeVideo', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`makes a phone-ready MP4 from ${name}`, async () => {
      const input = join(dir, c.file);
      expect(postVideoTypes).toContain(await sniffedMime(input, postVideoTypes));
      const output = join(dir, `${c.file}.out.mp4`);

      const result = await transcodeVideo(input, output);

      expect(result).toMatchObject({ width: c.expect.width, height: c.expect.height });
      expect(result.durationSec).toBeGreaterThan(1.8);
      expect(result.durationSec).toBeLessThan(2.3);
      const probe = await probeMedia(output);
      expect(probe.videoCodec).toBe('h264');
      expect(probe.audioCodec).toBe(c.expect.audio ? 'aac' : null);
      expect(Math.min(probe.width, probe.height)).toBeLessThanOrEqual(720);
      expect(probe.width % 2).toBe(0);
      expect(probe.height % 2).toBe(0);
      // Rotation is baked into the pixels; a matrix left in the file would turn it twice.
      expect(probe.rotation).toBe(0);
      expect(probe.frameRate).toBeLessThanOrEqual(30.5);
      const stream = await streamInfo(output);
      expect(stream?.profile).toBe('Main');
      expect(stream?.level).toBeLessThanOrEqual(31);
      expect(stream?.pix_fmt).toBe('yuv420p');
      expect(isFaststart(await readFile(output))).toBe(true);
    });
  }

  it('tone-maps HDR iPhone video to SDR BT.709', async () => {
    const output = join(dir, 'iphone.mov.out.mp4');
    const stream = await streamInfo(output);
    expect(stream?.color_transfer).toBe('bt709');
  });

  it('refuses a file with no video in words a driver can read', async () => {
    const error = await transcodeVideo(join(dir, 'audio-only.m4a'), join(dir, 'x.mp4')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect((error as MediaRejectedError).message).toBe('This file has no video in it.');
    expect((error as MediaRejectedError).code).toBe('media_no_video');
  });

  it('refuses random bytes and a truncated clip as damaged', async () => {
    const garbage = join(dir, 'garbage.mp4');
    await writeFile(garbage, fixedNoise(20_000));
    const whole = await readFile(join(dir, 'portrait.mp4'));
    const truncated = join(dir, 'truncated.mp4');
    // Without faststart the index is at the end, so the first half is unplayable.
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    for (const input of [garbage, truncated]) {
      const error = await transcodeVideo(input, join(dir, 'x.mp4')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaRejectedError);
      expect((error as MediaRejectedError).message).toBe(
        'The video could not be read. It may be damaged.',
      );
    }
  });

  it("refuses a clip longer than the limit, in the contract's words with the minutes", async () => {
    // 2 min 10 s of a tiny picture at 1 fps: long, yet made in a blink.
    const long = join(dir, 'long.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=size=16x16:rate=1:duration=130', long]);
    const error = await transcodeVideo(long, join(dir, 'x.mp4'), {
      maxDurationSec: 120,
    }).catch((e: unknown) => e);
    expect((error as MediaRejectedError).code).toBe('media_too_long');
    expect((error as MediaRejectedError).message).toBe(
      'This video is longer than 2 minutes. Please send a shorter clip.',
    );
  });
});

/** The whole file's rate (video, audio and container together), as ffprobe reads it. */
async function totalKbps(path: string): Promise<number> {
  const { stdout } = await runFfprobe(
    ['-show_entries', 'format=bit_rate', '-print_format', 'json', `file:${path}`],
    { timeoutMs: 10_000 },
  );
  return (
    Number((JSON.parse(stdout.toString()) as { format: { bit_rate: string } }).format.bit_rate) /
    1000
  );
}

describe('transcodeRenditions', () => {
  it('makes the 720p file and a 360p rendition under 300 kbit/s in one run', async () => {
    const full = join(dir, 'busy.720.mp4');
    const low = join(dir, 'busy.360.mp4');

    const result = await transcodeRenditions(join(dir, 'busy-1080p.mp4'), { full, low });

    expect(result.full).toEqual({ width: 720, height: 1280, kbps: 1596 });
    expect(result.low).toEqual({ width: 360, height: 640, kbps: 288 });
    const lowProbe = await probeMedia(low);
    expect(lowProbe).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', audioChannels: 1 });
    expect([lowProbe.width, lowProbe.height]).toEqual([360, 640]);
    expect(lowProbe.durationSec).toBeGreaterThan(3.8);
    const stream = await streamInfo(low);
    expect(stream?.profile).toBe('Main');
    expect(stream?.level).toBeLessThanOrEqual(30);
    expect(isFaststart(await readFile(low))).toBe(true);
    expect(await totalKbps(low)).toBeLessThanOrEqual(300);
    // The 720p file is what it was: stereo kept, its own cap.
    expect(await probeMedia(full)).toMatchObject({ width: 720, height: 1280, audioChannels: 2 });
    expect(isFaststart(await readFile(full))).toBe(true);
  });

  it('never upscales: a 240p clip stays 240p in the low rendition too', async () => {
    const low = join(dir, 'small.360.mp4');
    const result = await transcodeRenditions(join(dir, 'clip.wmv'), {
      full: join(dir, 'small.720.mp4'),
      low,
    });
    expect(result.low).toMatchObject({ width: 320, height: 240 });
    expect(result.full).toMatchObject({ width: 320, height: 240 });
    expect(await probeMedia(low)).toMatchObject({ width: 320, height: 240, audioChannels: 1 });
  });

  it('makes only the low rendition from a stored 720p file (the backfill)', async () => {
    const low = join(dir, 'backfill.360.mp4');
    const result = await transcodeRenditions(join(dir, 'portrait.mp4.out.mp4'), { low });
    expect(result.full).toBeNull();
    expect(result.low).toEqual({ width: 360, height: 640, kbps: 288 });
    expect(isFaststart(await readFile(low))).toBe(true);
  });
});

/**
 * The pid of the ffmpeg writing `output`, once it runs (its wrappers, setpriv and nice, exec
 * it under the same pid).
 */
const ffmpegWriting = (output: string) =>
  until(
    `ffmpeg writing ${output}`,
    async () => {
      for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
        const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        if (cmdline.split('\0').includes(`file:${output}`)) return Number(pid);
      }
      return undefined;
    },
    { every: 20 },
  );

describe.runIf(cpuTimeReadable)('the time limit of a transcode', () => {
  // 20 s of 320x240: about a second of CPU, long enough to catch its ffmpeg under way.
  const small = () => join(dir, 'small-20s.mp4');
  beforeAll(() =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=20'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', small()],
    ]),
  );

  it('counts CPU time: a run held off the CPU longer than its budget still finishes', async () => {
    const low = join(dir, 'held.360.mp4');
    // 3 s of CPU time, and 18 s on the wall clock.
    const run = transcodeRenditions(small(), { low }, { timeLimit: { maxSec: 3 } });
    const pid = await ffmpegWriting(low);
    // What a busy server does to a nice-19 ffmpeg: it gets no CPU for a while.
    process.kill(pid, 'SIGSTOP');
    await new Promise((r) => setTimeout(r, 4_000));
    process.kill(pid, 'SIGCONT');
    expect((await run).low).toMatchObject({ width: 320, height: 240 });
  });

  it('refuses a file that costs more CPU than its budget, for good', async () => {
    const error = await transcodeRenditions(
      join(dir, 'busy-1080p.mp4'),
      { low: join(dir, 'costly.360.mp4') },
      // 1.5 s of CPU against about 4 s the file costs; its wall backstop (9 s) leaves a starved
      // CI machine time to give ffmpeg that much (0.3 s in 1.8 s was not, once).
      { timeLimit: { maxSec: 1.5 } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect((error as MediaRejectedError).code).toBe('media_video_too_slow');
  });

  it("calls a run that stalls past the wall-clock backstop the machine's failure, to retry", async () => {
    const low = join(dir, 'stalled.360.mp4');
    const started = Date.now();
    // 1 s of CPU time, and 6 s on the wall clock.
    const run = transcodeRenditions(small(), { low }, { timeLimit: { maxSec: 1 } });
    process.kill(await ffmpegWriting(low), 'SIGSTOP');
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
  });
});
