import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { messages } from '@saathi/contract';
import { fillMessage } from '../http/errors.js';
import { asRejection, FfmpegError, MediaRejectedError } from './errors.js';
import { encoderThreads, runFfmpeg } from './ffmpeg.js';
import { probeMedia, type MediaProbe } from './probe.js';
import { limits } from './types.js';
import { cpuTimeReadable } from './process-cpu.js';
import {
  refuseCostlyVideo,
  videoCpuLimitMs,
  videoWallLimitMs,
  type VideoTimeLimit,
} from './video-budget.js';
import { isToneMapped, renditionFilterGraph } from './video-filters.js';

export interface TranscodeVideoOptions {
  /** How much CPU time ffmpeg may use, scaled to the clip's length (see video-budget.ts). */
  timeLimit?: VideoTimeLimit;
  maxDurationSec?: number;
  signal?: AbortSignal;
  /** ffmpeg's nice level; media/ffmpeg.ts's default when left out (the backfill yields more). */
  niceness?: number;
}

export interface TranscodedVideo {
  durationSec: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export const damagedVideo = () =>
  new MediaRejectedError('media_video_damaged', 'The video could not be read. It may be damaged.');
const noVideo = () => new MediaRejectedError('media_no_video', 'This file has no video in it.');
const tooSlow = (cause: unknown) =>
  new MediaRejectedError('media_video_too_slow', messages.media_video_too_slow, { cause });

/** How one rendition is encoded; `kbps` of a file is its video and audio caps together. */
interface RenditionSettings {
  maxShortSide: number;
  level: string;
  crf: number;
  maxVideoKbps: number;
  audioKbps: number;
  /** Stereo only when the source is; false: always mono. */
  stereo: boolean;
}

/**
 * Output settings, for cheap phones on Indian mobile data:
 * - H.264 Main profile: every Android hardware decoder since 4.x and every iPhone plays it;
 *   High saves a few percent but some old low-end decoders refuse it. Level 3.1 covers 720p
 *   at 30 fps, hence the 30 fps cap (60 fps phone clips would also double the bitrate
 *   needed for the same look); 3.0 covers 360p.
 * - CRF with a -maxrate cap: CRF keeps quality even and lets talking-head or dashboard
 *   clips drop well below the cap; the cap bounds busy road footage so a clip streams
 *   without stalling. The buffer of 2 s lets x264 spend bits on a scene cut without spikes.
 * - 720p: CRF 28 under 1500k + 96k AAC (≈ 12 MB a minute at most), for 4G and Wi-Fi.
 * - Low rendition: 360p, CRF 30 under 240k + 48k mono AAC-LC = 288 kbit/s, under the 300
 *   kbit/s a Slow 3G link (400 kbit/s) carries with room for the page. Debian's ffmpeg has
 *   no HE-AAC encoder (libfdk_aac is non-free); 48k mono LC keeps speech clear.
 * - veryfast: about 3x faster than the default preset on 2 cores for ~10% more bits.
 * - Keyframe every 60 frames (2 s at 30 fps) so seeking and range requests start quickly.
 * - AAC at 44.1 kHz, which every decoder takes (8 kHz AMR from old 3GP phones included).
 *   A clip without sound stays video-only: a silent track would only cost bytes.
 * - +faststart puts the index first so playback starts before the download ends.
 * - All metadata dropped: iPhone MOVs carry the GPS position where the clip was shot.
 */
const FULL: RenditionSettings = {
  maxShortSide: limits.videoShortSide,
  level: '3.1',
  crf: 28,
  maxVideoKbps: 1500,
  audioKbps: 96,
  stereo: true,
};
const LOW: RenditionSettings = {
  maxShortSide: limits.lowVideoShortSide,
  level: '3.0',
  crf: 30,
  maxVideoKbps: 240,
  audioKbps: 48,
  stereo: false,
};

const renditionKbps = (r: RenditionSettings, hasAudio: boolean) =>
  r.maxVideoKbps + (hasAudio ? r.audioKbps : 0);

function outputArgs(
  r: RenditionSettings,
  label: string,
  output: string,
  probe: MediaProbe,
  video: { toneMapped: boolean; maxSec: number },
): string[] {
  const args = ['-map', `[${label}]`];
  if (probe.hasAudio) args.push('-map', '0:a:0');
  args.push(
    '-t',
    String(video.maxSec),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-level:v',
    r.level,
    '-crf',
    String(r.crf),
    '-maxrate',
    `${r.maxVideoKbps}k`,
    '-bufsize',
    `${r.maxVideoKbps * 2}k`,
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-threads',
    String(encoderThreads()),
  );
  // Tone-mapped frames are BT.709 now; without the tags players would still treat them as HDR.
  if (video.toneMapped) {
    args.push('-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709');
  }
  if (probe.hasAudio) {
    const channels = r.stereo && (probe.audioChannels ?? 2) >= 2 ? '2' : '1';
    args.push('-c:a', 'aac', '-b:a', `${r.audioKbps}k`, '-ac', channels, '-ar', '44100');
  }
  args.push(
    '-movflags',
    '+faststart',
    // Sparse or late audio in phone files otherwise stops ffmpeg with "too many packets".
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'mp4',
    `file:${output}`,
  );
  return args;
}

/** Probes an upload and refuses, in words a driver can read, what we cannot turn into video. */
export async function probeVideoInput(
  input: string,
  opts: { maxDurationSec?: number; signal?: AbortSignal } = {},
): Promise<MediaProbe> {
  const probe = await probeMedia(input, { signal: opts.signal }).catch((error: unknown) => {
    throw asRejection(error, damagedVideo);
  });
  if (!probe.hasVideo) throw noVideo();
  if (probe.codedWidth * probe.codedHeight <= 0) throw damagedVideo();
  refuseCostlyVideo(probe);
  const maxSec = opts.maxDurationSec ?? limits.maxInputDurationSec;
  if (probe.durationSec !== null && probe.durationSec > maxSec + 0.5) {
    // The contract's template filled in (not free English), so the client finds the code in
    // the stored reason and translates it with the number.
    const minutes = Math.ceil(maxSec / 60);
    throw new MediaRejectedError(
      'media_too_long',
      fillMessage(messages.media_too_long, { minutes }),
    );
  }
  return probe;
}

export interface TranscodeOutputs {
  /** The 720p-at-most file. */
  full?: string;
  /** The low rendition (360p-at-most, ≤ 300 kbit/s), from the same decode. */
  low?: string;
}

export interface EncodedFile {
  width: number;
  height: number;
  /** Its video and audio caps together: the most it needs to play without stalling. */
  kbps: number;
}

export interface Transcoded {
  durationSec: number;
  hasAudio: boolean;
  full: EncodedFile | null;
  low: EncodedFile | null;
}

/** Probes an output and answers its size; a file whose frames were all broken has none. */
async function encodedFile(
  path: string,
  kbps: number,
  signal: AbortSignal | undefined,
): Promise<EncodedFile & { durationSec: number; hasAudio: boolean }> {
  const result = await probeMedia(path, { signal });
  if (!result.hasVideo || result.durationSec === null || result.durationSec <= 0) {
    throw damagedVideo();
  }
  return {
    width: result.width,
    height: result.height,
    kbps,
    durationSec: result.durationSec,
    hasAudio: result.hasAudio,
  };
}

/**
 * Turns any phone video into H.264/AAC MP4s that start playing at once on old Android and
 * iPhone browsers: the 720p file and the low rendition, written by ONE ffmpeg run from one
 * decode of the source (renditionFilterGraph). Either output may be left out (the backfill
 * makes only the low one from a stored 720p file). Throws MediaRejectedError for files the
 * driver has to replace, FfmpegError for failures of this machine (worth a retry).
 */
export async function transcodeRenditions(
  inputPath: string,
  outputs: TranscodeOutputs,
  opts: TranscodeVideoOptions = {},
): Promise<Transcoded> {
  const input = resolve(inputPath);
  const planned = [
    outputs.full === undefined ? null : { settings: FULL, path: resolve(outputs.full) },
    outputs.low === undefined ? null : { settings: LOW, path: resolve(outputs.low) },
  ].filter((o) => o !== null);
  if (planned.length === 0) throw new Error('transcodeRenditions needs an output');
  const maxSec = opts.maxDurationSec ?? limits.maxInputDurationSec;
  const probe = await probeVideoInput(input, { maxDurationSec: maxSec, signal: opts.signal });
  const graph = await renditionFilterGraph(probe, {
    shortSides: planned.map((o) => o.settings.maxShortSide),
    maxFps: 30,
  });
  const toneMapped = await isToneMapped(probe);
  const threads = String(encoderThreads());
  const args = [
    // Decoder and filter threads bounded like the encoders' (ffmpeg.ts).
    '-threads',
    threads,
    '-protocol_whitelist',
    'file',
    '-i',
    `file:${input}`,
    '-filter_complex_threads',
    threads,
    '-filter_complex',
    graph,
    ...planned.flatMap((o, i) =>
      outputArgs(o.settings, `v${i}`, o.path, probe, { toneMapped, maxSec }),
    ),
  ];
  const cpuLimitMs = videoCpuLimitMs(
    probe.durationSec === null ? null : Math.min(probe.durationSec, maxSec),
    opts.timeLimit,
  );
  // Where CPU time cannot be read, the budget is kept as wall time, as before.
  const timeoutMs = cpuTimeReadable ? videoWallLimitMs(cpuLimitMs) : cpuLimitMs;
  try {
    await runFfmpeg(args, { cpuLimitMs, timeoutMs, signal: opts.signal, niceness: opts.niceness });
    const files = await Promise.all(
      planned.map((o) =>
        encodedFile(o.path, renditionKbps(o.settings, probe.hasAudio), opts.signal),
      ),
    );
    const first = files[0];
    if (!first) throw damagedVideo();
    const fileOf = (settings: RenditionSettings) => {
      const file = files[planned.findIndex((o) => o.settings === settings)];
      return file ? { width: file.width, height: file.height, kbps: file.kbps } : null;
    };
    return {
      durationSec: first.durationSec,
      hasAudio: first.hasAudio,
      full: fileOf(FULL),
      low: fileOf(LOW),
    };
  } catch (error) {
    await Promise.all(planned.map((o) => rm(o.path, { force: true })));
    // The CPU limit already allows for the clip's length, so using more is the file's doing
    // (frames that cost far more to decode than they weigh): a retry would only repeat it.
    // Past the wall-clock backstop with CPU to spare, the machine was too busy: worth a retry.
    if (
      error instanceof FfmpegError &&
      (error.kind === 'cpu_limit' || (error.kind === 'timeout' && !cpuTimeReadable))
    ) {
      throw tooSlow(error);
    }
    throw asRejection(error, damagedVideo);
  }
}

/** The 720p file alone (safety cautions, which the feed's player does not show). */
export async function transcodeVideo(
  inputPath: string,
  outputPath: string,
  opts: TranscodeVideoOptions = {},
): Promise<TranscodedVideo> {
  const result = await transcodeRenditions(inputPath, { full: outputPath }, opts);
  if (!result.full) throw damagedVideo();
  return {
    durationSec: result.durationSec,
    width: result.full.width,
    height: result.full.height,
    hasAudio: result.hasAudio,
  };
}
