import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ffmpeg,
  fixedNoise,
  inPairs,
  isFaststart,
  mediaDir,
  sniffedMime,
} from '../../test/fixtures-media.js';
import { MediaRejectedError } from './errors.js';
import { runFfprobe } from './ffmpeg.js';
import { transcodeAudio } from './transcode-audio.js';
import { voiceNoteTypes } from '@saathi/contract';

const voice = ['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2'];

/** What each browser's MediaRecorder hands us. */
const recordings: Record<string, string[]> = {
  'chrome.webm': [...voice, '-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-f', 'webm'],
  'safari.mp4': [...voice, '-ac', '1', '-c:a', 'aac', '-f', 'mp4'],
  'firefox.ogg': [...voice, '-ac', '1', '-c:a', 'libopus', '-f', 'ogg'],
  'stereo-vorbis.ogg': [...voice, '-ac', '2', '-c:a', 'libvorbis', '-f', 'ogg'],
};

let dir = '';
let cleanup = async () => {};

beforeAll(async () => {
  ({ dir, cleanup } = await mediaDir());
  await inPairs([
    ...Object.entries(recordings).map(
      ([file, args]) =>
        () =>
          ffmpeg([...args, join(dir, file)]),
    ),
    () =>
      ffmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1'],
        ...['-c:v', 'libvpx', '-deadline', 'realtime', join(dir, 'silent.webm')],
      ]),
  ]);
});

afterAll(() => cleanup());

describe('transcodeAudio', () => {
  for (const file of Object.keys(recordings)) {
    it(`turns ${file} into mono AAC in a faststart M4A`, async () => {
      const input = join(dir, file);
      expect(voiceNoteTypes).toContain(await sniffedMime(input, voiceNoteTypes));
      const output = join(dir, `${file}.m4a`);

      const { durationSec } = await transcodeAudio(input, output);

      expect(durationSec).toBeGreaterThan(1.9);
      expect(durationSec).toBeLessThan(2.2);
      const { stdout } = await runFfprobe(
        ['-show_streams', '-show_format', '-print_format', 'json', `file:${output}`],
        { timeoutMs: 10_000 },
      );
      const info = JSON.parse(stdout.toString()) as {
        streams: { codec_type: string; codec_name: string; channels: number; bit_rate: string }[];
        format: { format_name: string };
      };
      expect(info.streams).toHaveLength(1);
      expect(info.streams[0]).toMatchObject({
        codec_type: 'audio',
        codec_name: 'aac',
        channels: 1,
      });
      expect(Number(info.streams[0]?.bit_rate)).toBeLessThanOrEqual(72_000);
      expect(info.format.format_name).toContain('mp4');
      expect(isFaststart(await readFile(output))).toBe(true);
    });
  }

  it('refuses a recording with no sound in it', async () => {
    const error = await transcodeAudio(join(dir, 'silent.webm'), join(dir, 'x.m4a')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect((error as MediaRejectedError).message).toBe('This voice note has no sound in it.');
  });

  it('refuses bytes that are no recording in words a driver can read', async () => {
    const noise = join(dir, 'noise.webm');
    await writeFile(noise, fixedNoise(8_000));
    const error = await transcodeAudio(noise, join(dir, 'x.m4a')).catch((e: unknown) => e);
    expect((error as MediaRejectedError).code).toBe('media_audio_damaged');
  });

  it('refuses a recording cut off after its header as damaged', async () => {
    const cut = join(dir, 'cut.webm');
    await writeFile(cut, (await readFile(join(dir, 'chrome.webm'))).subarray(0, 300));
    const error = await transcodeAudio(cut, join(dir, 'x.m4a')).catch((e: unknown) => e);
    expect((error as MediaRejectedError).code).toBe('media_audio_damaged');
  });
});
