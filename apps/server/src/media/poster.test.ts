import { randomBytes } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ffmpeg,
  fixedNoise,
  mediaDir,
  portraitSource,
  setRotation,
} from '../../test/fixtures-media.js';
import { MediaRejectedError } from './errors.js';
import { makePoster } from './poster.js';
import { makeSmallPoster } from './small-poster.js';

let dir = '';
let cleanup = async () => {};

beforeAll(async () => {
  ({ dir, cleanup } = await mediaDir());
  await ffmpeg([
    ...portraitSource,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    join(dir, 'portrait.mp4'),
  ]);
  await setRotation(join(dir, 'portrait.mp4'), 90);
  // Half a second: too short to seek to 1 s, so the first frame is used.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=green:size=320x240:rate=30:duration=0.5'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', join(dir, 'short.mp4')],
  ]);
});

afterAll(() => cleanup());

async function pixel(path: string, x: number, y: number) {
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

describe('makePoster', () => {
  it('writes an upright JPEG at most 720 on the shorter side', async () => {
    const output = join(dir, 'poster.jpg');
    const result = await makePoster(join(dir, 'portrait.mp4'), output);
    expect(result).toEqual({ width: 720, height: 1280 });
    const meta = await sharp(output).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 720, height: 1280 });
    expect(meta.exif).toBeUndefined();
    // The stored frame's left half (red) is the top once turned as the phone held it.
    const [r, , b] = await pixel(output, 360, 200);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    const [r2, , b2] = await pixel(output, 360, 1100);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('uses the first frame of a clip shorter than two seconds', async () => {
    const output = join(dir, 'short.jpg');
    expect(await makePoster(join(dir, 'short.mp4'), output)).toEqual({ width: 320, height: 240 });
    const [r, g] = await pixel(output, 160, 120);
    expect(g).toBeGreaterThan(100);
    expect(r).toBeLessThan(60);
  });

  it('refuses a damaged file in words a driver can read', async () => {
    const garbage = join(dir, 'garbage.mp4');
    await writeFile(garbage, fixedNoise(10_000));
    const error = await makePoster(garbage, join(dir, 'x.jpg')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect((error as MediaRejectedError).message).toBe(
      'The video could not be read. It may be damaged.',
    );
  });
});

describe('makeSmallPoster', () => {
  it("makes the feed's poster from a real frame: WebP, 480 px long side, a few KB", async () => {
    const clip = join(dir, 'road.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', clip],
    ]);
    const poster = join(dir, 'road.jpg');
    await makePoster(clip, poster);
    const small = join(dir, 'road.webp');

    expect(await makeSmallPoster(poster, small)).toMatchObject({ width: 270, height: 480 });

    const meta = await sharp(small).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 270, height: 480 });
    expect((await stat(small)).size).toBeLessThanOrEqual(25 * 1024);
    expect((await stat(small)).size).toBeLessThan((await stat(poster)).size / 2);
  });

  it('stays within 25 KB even for a frame as busy as noise, and never enlarges', async () => {
    const noise = join(dir, 'noise.jpg');
    await sharp(randomBytes(1280 * 720 * 3), { raw: { width: 1280, height: 720, channels: 3 } })
      .jpeg({ quality: 90 })
      .toFile(noise);
    const small = join(dir, 'noise.webp');
    const result = await makeSmallPoster(noise, small);
    expect(result).toMatchObject({ width: 480, height: 270 });
    expect(result.bytes).toBeLessThanOrEqual(25 * 1024);

    const tiny = join(dir, 'tiny.webp');
    expect(await makeSmallPoster(join(dir, 'short.jpg'), tiny)).toMatchObject({
      width: 320,
      height: 240,
    });
  });
});
