import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { asRejection, MediaRejectedError } from './errors.js';
import { runFfmpeg } from './ffmpeg.js';
import { probeMedia } from './probe.js';
import { limits } from './types.js';

export interface TranscodedAudio {
  durationSec: number;
}

const damagedAudio = () =>
  new MediaRejectedError(
    'media_audio_damaged',
    'The voice note could not be read. It may be damaged.',
  );
const noAudio = () =>
  new MediaRejectedError('media_no_audio', 'This voice note has no sound in it.');

/**
 * Browser recordings (Chrome/Android WebM-Opus, Safari MP4-AAC, Firefox Ogg-Opus) become
 * AAC in M4A: Safari and older iPhones play no Opus and no WebM, while every phone browser
 * plays AAC in MP4. Mono 64 kbit/s AAC-LC is clear for speech at a few hundred KB a minute.
 * The duration is read back from the output because Chrome's WebM recordings carry none.
 */
export async function transcodeAudio(
  inputPath: string,
  outputPath: string,
  opts: { timeoutMs?: number; maxDurationSec?: number; signal?: AbortSignal } = {},
): Promise<TranscodedAudio> {
  const input = resolve(inputPath);
  const output = resolve(outputPath);
  const probe = await probeMedia(input, { signal: opts.signal }).catch((error: unknown) => {
    throw asRejection(error, damagedAudio);
  });
  if (!probe.hasAudio) throw noAudio();
  const maxSec = opts.maxDurationSec ?? limits.maxInputDurationSec;
  try {
    await runFfmpeg(
      [
        '-protocol_whitelist',
        'file',
        '-i',
        `file:${input}`,
        '-map',
        '0:a:0',
        '-vn',
        // A recording longer than the limit is cut rather than refused: the start of a voice
        // note is still worth hearing, unlike half of a refused upload.
        '-t',
        String(maxSec),
        '-map_metadata',
        '-1',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-ac',
        '1',
        '-ar',
        '44100',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        `file:${output}`,
      ],
      { timeoutMs: opts.timeoutMs ?? 5 * 60_000, signal: opts.signal },
    );
    const result = await probeMedia(output, { signal: opts.signal });
    if (!result.hasAudio || result.durationSec === null || result.durationSec <= 0) {
      throw damagedAudio();
    }
    return { durationSec: result.durationSec };
  } catch (error) {
    await rm(output, { force: true });
    throw asRejection(error, damagedAudio);
  }
}
