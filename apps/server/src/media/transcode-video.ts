import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { messages } from '@saathi/contract';
import { fillMessage } from '../http/errors.js';
import { asRejection, MediaRejectedError } from './errors.js';
import { runFfmpeg } from './ffmpeg.js';
import { probeMedia, type MediaProbe } from './probe.js';
import { limits } from './types.js';
import { isToneMapped, videoFilterChain } from './video-filters.js';

export interface TranscodeVideoOptions {
  /** Kill ffmpeg after this long. A 10 MB clip takes seconds; this only stops a stuck one. */
  timeoutMs?: number;
  maxDurationSec?: number;
  signal?: AbortSignal;
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

/**
 * Output settings, for cheap phones on Indian mobile data:
 * - H.264 Main profile, level 3.1: every Android hardware decoder since 4.x and every
 *   iPhone plays it; High saves a few percent but some old low-end decoders refuse it.
 *   Level 3.1 covers 720p at 30 fps, hence the 30 fps cap (60 fps phone clips would also
 *   double the bitrate needed for the same look).
 * - CRF 28 with -maxrate 1500k -bufsize 3000k: CRF keeps quality even and lets talking-head
 *   or dashboard clips drop well below the cap; the cap bounds busy road footage so a
 *   clip streams on ~2 Mbit/s 3G/4G without stalling (1.5 Mbit/s + 96k audio ≈ 12 MB a
 *   minute at most). The 2 s buffer lets x264 spend bits on a scene cut without spikes.
 * - veryfast: about 3x faster than the default preset on 2 cores for ~10% more bits.
 * - Keyframe every 60 frames (2 s at 30 fps) so seeking and range requests start quickly.
 * - AAC-LC 96 kbit/s, stereo only when the source is, at 44.1 kHz which every decoder
 *   takes (8 kHz AMR from old 3GP phones included). A clip without sound stays video-only:
 *   an MP4 with just an H.264 track plays everywhere, a silent track would only cost bytes.
 * - +faststart puts the index first so playback starts before the download ends.
 * - All metadata dropped: iPhone MOVs carry the GPS position where the clip was shot.
 */
function buildArgs(
  input: string,
  output: string,
  probe: MediaProbe,
  video: { chain: string; toneMapped: boolean; maxSec: number },
) {
  const args = ['-protocol_whitelist', 'file', '-i', `file:${input}`, '-map', '0:v:0'];
  if (probe.hasAudio) args.push('-map', '0:a:0');
  args.push(
    '-t',
    String(video.maxSec),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    video.chain,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-level:v',
    '3.1',
    '-crf',
    '28',
    '-maxrate',
    '1500k',
    '-bufsize',
    '3000k',
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
  );
  // Tone-mapped frames are BT.709 now; without the tags players would still treat them as HDR.
  if (video.toneMapped) {
    args.push('-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709');
  }
  if (probe.hasAudio) {
    const channels = (probe.audioChannels ?? 2) >= 2 ? '2' : '1';
    args.push('-c:a', 'aac', '-b:a', '96k', '-ac', channels, '-ar', '44100');
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
  const pixels = probe.codedWidth * probe.codedHeight;
  if (pixels <= 0) throw damagedVideo();
  if (pixels > limits.maxInputPixels) {
    throw new MediaRejectedError('media_too_large', 'This video is too large to process.');
  }
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

/**
 * Turns any phone video into a 720p-at-most H.264/AAC MP4 that starts playing at once on
 * old Android and iPhone browsers. Throws MediaRejectedError for files the driver has to
 * replace, FfmpegError for failures of this machine (worth a retry).
 */
export async function transcodeVideo(
  inputPath: string,
  outputPath: string,
  opts: TranscodeVideoOptions = {},
): Promise<TranscodedVideo> {
  const input = resolve(inputPath);
  const output = resolve(outputPath);
  const maxSec = opts.maxDurationSec ?? limits.maxInputDurationSec;
  const probe = await probeVideoInput(input, { maxDurationSec: maxSec, signal: opts.signal });
  const chain = await videoFilterChain(probe, { maxShortSide: limits.videoShortSide, maxFps: 30 });
  const toneMapped = await isToneMapped(probe);
  const args = buildArgs(input, output, probe, { chain, toneMapped, maxSec });
  try {
    await runFfmpeg(args, { timeoutMs: opts.timeoutMs ?? 10 * 60_000, signal: opts.signal });
    const result = await probeMedia(output, { signal: opts.signal });
    // A file whose header probes fine but whose frames are all broken encodes to nothing.
    if (!result.hasVideo || result.durationSec === null || result.durationSec <= 0) {
      throw damagedVideo();
    }
    return {
      durationSec: result.durationSec,
      width: result.width,
      height: result.height,
      hasAudio: result.hasAudio,
    };
  } catch (error) {
    await rm(output, { force: true });
    throw asRejection(error, damagedVideo);
  }
}
