import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, fixedNoise, mediaDir, setRotation } from '../../test/fixtures-media.js';
import { FfmpegError } from './errors.js';
import { parseProbe, probeMedia } from './probe.js';

let dir = '';
let cleanup = async () => {};

beforeAll(async () => {
  ({ dir, cleanup } = await mediaDir());
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=1'],
    ...['-f', 'lavfi', '-i', 'sine=duration=1', '-ac', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', join(dir, 'rotated.mp4')],
  ]);
  await setRotation(join(dir, 'rotated.mp4'), 270);
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'libopus', join(dir, 'voice.ogg')]);
});

afterAll(() => cleanup());

describe('probeMedia', () => {
  it('reports the display size after rotation, codecs and duration', async () => {
    const probe = await probeMedia(join(dir, 'rotated.mp4'));
    expect(probe).toMatchObject({
      width: 180,
      height: 320,
      codedWidth: 320,
      codedHeight: 180,
      rotation: 270,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasVideo: true,
      hasAudio: true,
      frameRate: 25,
      audioChannels: 2,
    });
    expect(probe.durationSec).toBeCloseTo(1, 1);
  });

  it('reports audio-only files as having no video', async () => {
    const probe = await probeMedia(join(dir, 'voice.ogg'));
    expect(probe).toMatchObject({
      hasVideo: false,
      videoCodec: null,
      audioCodec: 'opus',
      width: 0,
    });
  });

  it('throws FfmpegError for a file ffprobe cannot read', async () => {
    const garbage = join(dir, 'garbage.bin');
    await writeFile(garbage, fixedNoise(5_000));
    await expect(probeMedia(garbage)).rejects.toBeInstanceOf(FfmpegError);
  });
});

describe('parseProbe', () => {
  it('reads the rotate tag of ffprobe before 6.0, non-square pixels and cover art', () => {
    const probe = parseProbe({
      streams: [
        {
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 500,
          height: 500,
          disposition: { attached_pic: 1 },
        },
        {
          codec_type: 'video',
          codec_name: 'h263',
          width: 352,
          height: 288,
          sample_aspect_ratio: '12:11',
          tags: { rotate: '90' },
        },
        { codec_type: 'audio', codec_name: 'amr_nb', channels: 1 },
      ],
      format: { duration: '3.5' },
    });
    expect(probe).toMatchObject({
      videoCodec: 'h263',
      width: 288,
      height: 384,
      rotation: 90,
      durationSec: 3.5,
    });
  });

  it('does not count a cover picture as video', () => {
    const probe = parseProbe({
      streams: [
        { codec_type: 'audio', codec_name: 'mp3' },
        {
          codec_type: 'video',
          codec_name: 'png',
          width: 300,
          height: 300,
          disposition: { attached_pic: 1 },
        },
      ],
      format: {},
    });
    expect(probe).toMatchObject({ hasVideo: false, hasAudio: true, durationSec: null });
  });
});
