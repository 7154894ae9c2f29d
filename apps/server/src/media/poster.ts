import { resolve } from 'node:path';
import { asRejection } from './errors.js';
import { runFfmpeg } from './ffmpeg.js';
import { loadSharp } from './load-sharp.js';
import { damagedVideo, probeVideoInput } from './transcode-video.js';
import { limits } from './types.js';
import { videoFilterChain } from './video-filters.js';

export interface Poster {
  width: number;
  height: number;
}

/** Past the first second a clip has usually left the black or blurred opening frame. */
const POSTER_AT_SEC = 1;

async function grabFrame(input: string, atSec: number, chain: string, signal?: AbortSignal) {
  const { stdout } = await runFfmpeg(
    [
      // Before -i, -ss seeks by index (fast) and still decodes up to the exact time.
      ...(atSec > 0 ? ['-ss', String(atSec)] : []),
      '-protocol_whitelist',
      'file',
      '-i',
      `file:${input}`,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      chain,
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    { timeoutMs: 60_000, signal, captureStdout: true, maxStdoutBytes: 64 * 1024 * 1024 },
  );
  return stdout;
}

/**
 * A JPEG still for the feed before the video loads: upright, at most 720 on the shorter
 * side. The frame comes out of ffmpeg as PNG and sharp encodes the JPEG, so posters and
 * photos share one encoder and one quality scale.
 */
export async function makePoster(
  videoPath: string,
  outputPath: string,
  opts: { signal?: AbortSignal } = {},
): Promise<Poster> {
  const input = resolve(videoPath);
  try {
    const probe = await probeVideoInput(input, { signal: opts.signal });
    const chain = await videoFilterChain(probe, { maxShortSide: limits.videoShortSide });
    const late = probe.durationSec !== null && probe.durationSec >= POSTER_AT_SEC * 2;
    let frame = await grabFrame(input, late ? POSTER_AT_SEC : 0, chain, opts.signal);
    // A wrong duration in the header can put the seek past the last frame.
    if (frame.length === 0 && late) frame = await grabFrame(input, 0, chain, opts.signal);
    if (frame.length === 0) throw damagedVideo();
    const sharp = await loadSharp();
    const info = await sharp(frame)
      .jpeg({ quality: 75, progressive: true, mozjpeg: true })
      .toFile(resolve(outputPath));
    return { width: info.width, height: info.height };
  } catch (error) {
    throw asRejection(error, damagedVideo);
  }
}
