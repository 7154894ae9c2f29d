import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ffmpeg,
  fixedNoise,
  heifFromHevc,
  mediaDir,
  repeatedTileHeic,
  sniffedMime,
} from '../../test/fixtures-media.js';
import { MediaRejectedError } from './errors.js';
import { normalizeImage } from './normalize-image.js';
import { postImageTypes } from '@saathi/contract';
import { until } from '../../test/until.js';

let dir = '';
let cleanup = async () => {};
const path = (name: string) => join(dir, name);

/** Stored left half red, right half blue: shows which way a picture was turned. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: 'blue' } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: 'red' } },
      left: 0,
      top: 0,
    },
  ]);

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="SaathiXmpAuthor"/></rdf:RDF></x:xmpmeta>';

beforeAll(async () => {
  ({ dir, cleanup } = await mediaDir());
  // Orientation 6: the camera stored the picture on its side; viewers turn it 90° clockwise.
  await halves(300, 200)
    .jpeg()
    .withExif({
      IFD0: { Make: 'SaathiTestPhone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 50/1', GPSMapDatum: 'WGS-84' },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .toFile(path('exif6.jpg'));
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
    .withIccProfile('p3')
    .jpeg()
    .toFile(path('p3.jpg'));
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: 'gray' } })
    .jpeg({ quality: 50 })
    .toFile(path('big.jpg'));
  await sharp({
    create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 4, background: 'green' } },
        left: 100,
        top: 0,
      },
    ])
    .png()
    .toFile(path('alpha.png'));
  await sharp({ create: { width: 10, height: 8, channels: 3, background: 'yellow' } })
    .png()
    .toFile(path('tiny.png'));
  await sharp({ create: { width: 500, height: 400, channels: 3, background: 'purple' } })
    .webp()
    .toFile(path('pic.webp'));
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', path('anim.gif')]);
  // Blue band on top of red: an HEVC still as iPhones store it, wrapped in HEIF below.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'color=red:size=320x240,drawbox=x=0:y=0:w=320:h=60:color=blue:t=fill'],
    ...['-frames:v', '1', '-c:v', 'libx265', '-x265-params', 'log-level=error'],
    ...['-pix_fmt', 'yuv420p', '-f', 'hevc', path('still.hevc')],
  ]);
  const hevc = await readFile(path('still.hevc'));
  await writeFile(path('photo.heic'), heifFromHevc(hevc, 320, 240));
  // irot 3 = three quarter turns counter-clockwise, i.e. one clockwise.
  await writeFile(path('portrait.heic'), heifFromHevc(hevc, 320, 240, 3));
  await writeFile(path('grid-1mp.heic'), await repeatedTileHeic(dir, 2, 2));
  // 13824x13824 = 191 MP in 31 KB: under the old 200 MP cap, 15 s and 3 GB to decode.
  await writeFile(path('grid-191mp.heic'), await repeatedTileHeic(dir, 27, 27));
  // 9728x4096 = 40 MP: allowed, and seconds of decoding.
  await writeFile(path('grid-40mp.heic'), await repeatedTileHeic(dir, 8, 19));
});

afterAll(() => cleanup());

async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: raw[at] ?? 0, g: raw[at + 1] ?? 0, b: raw[at + 2] ?? 0 };
}

/** The pid of this process's child whose command line holds `name`, if one runs. */
async function childRunning(name: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent !== process.pid) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(name)) return Number(entry);
  }
  return undefined;
}

async function normalizeFile(name: string) {
  const mime = await sniffedMime(path(name), postImageTypes);
  expect(postImageTypes).toContain(mime);
  return normalizeImage(await readFile(path(name)), mime);
}

describe('normalizeImage', () => {
  it('applies EXIF orientation and strips EXIF, GPS and XMP', async () => {
    const before = await sharp(path('exif6.jpg')).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('WGS-84')).toBe(true);
    expect(before.xmp).toBeDefined();

    const result = await normalizeFile('exif6.jpg');

    expect(result).toMatchObject({ mime: 'image/jpeg', width: 200, height: 300 });
    const after = await sharp(result.data).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300, isProgressive: true });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    for (const secret of ['WGS-84', 'SaathiTestPhone', 'SaathiXmpAuthor', 'Exif']) {
      expect(result.data.includes(secret)).toBe(false);
    }
    // Turned clockwise, the stored left half (red) is now on top.
    expect((await pixel(result.data, 100, 30)).r).toBeGreaterThan(200);
    expect((await pixel(result.data, 100, 270)).b).toBeGreaterThan(200);
  });

  it('converts a Display P3 photo to sRGB and drops the profile', async () => {
    expect((await sharp(path('p3.jpg')).metadata()).icc).toBeDefined();
    const result = await normalizeFile('p3.jpg');
    expect((await sharp(result.data).metadata()).icc).toBeUndefined();
  });

  it('fits a large photo inside 1080x1920', async () => {
    expect(await normalizeFile('big.jpg')).toMatchObject({ width: 1080, height: 810 });
  });

  it('never enlarges a small picture', async () => {
    expect(await normalizeFile('tiny.png')).toMatchObject({ width: 10, height: 8 });
  });

  it('puts a transparent PNG on white', async () => {
    const result = await normalizeFile('alpha.png');
    expect(result).toMatchObject({ mime: 'image/jpeg', width: 200, height: 100 });
    const transparent = await pixel(result.data, 50, 50);
    expect(Math.min(transparent.r, transparent.g, transparent.b)).toBeGreaterThan(240);
    expect((await pixel(result.data, 150, 50)).g).toBeGreaterThan(100);
  });

  it('keeps the first frame of an animated GIF', async () => {
    expect(await normalizeFile('anim.gif')).toMatchObject({
      mime: 'image/jpeg',
      width: 160,
      height: 120,
    });
  });

  it('reads WebP', async () => {
    expect(await normalizeFile('pic.webp')).toMatchObject({ width: 500, height: 400 });
  });

  it('decodes an HEVC-coded HEIC photo', async () => {
    const result = await normalizeFile('photo.heic');
    expect(result).toMatchObject({ mime: 'image/jpeg', width: 320, height: 240 });
    expect((await pixel(result.data, 160, 20)).b).toBeGreaterThan(200);
    expect((await pixel(result.data, 160, 200)).r).toBeGreaterThan(200);
  });

  it('applies the rotation stored in an HEIC file', async () => {
    const result = await normalizeImage(path('portrait.heic'), 'image/heic');
    expect(result).toMatchObject({ width: 240, height: 320 });
    // One turn clockwise moves the blue band from the top to the right edge.
    expect((await pixel(result.data, 220, 160)).b).toBeGreaterThan(200);
    expect((await pixel(result.data, 20, 160)).r).toBeGreaterThan(200);
  });

  it('decodes an HEIC grid photo, as cameras store large ones', async () => {
    const result = await normalizeFile('grid-1mp.heic');
    expect(result).toMatchObject({ width: 1024, height: 1024 });
    expect((await pixel(result.data, 900, 900)).r).toBeGreaterThan(200);
  });

  it('refuses by its header a HEIC grid over 50 MP, without decoding it', async () => {
    const error = await normalizeFile('grid-191mp.heic').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRejectedError);
    expect(error).toMatchObject({
      code: 'media_too_large',
      message: 'This photo is too large to process.',
    });
  });

  it('stops a HEIF decode at its CPU time limit', async () => {
    const started = Date.now();
    const error = await normalizeImage(await readFile(path('grid-40mp.heic')), 'image/heic', {
      heifCpuLimitMs: 300,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'media_too_large' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  // A busy machine may keep a decode waiting for a core longer than its limit: the limit is
  // about what the file costs, so a photo that waited is still decoded.
  it.runIf(process.platform === 'linux')(
    'counts the CPU a HEIF decode uses, not the time it waits for one',
    async () => {
      const decoding = normalizeImage(await readFile(path('grid-1mp.heic')), 'image/heic', {
        // The child's start (compiling libheif's wasm) counts too: it took more than 2 s of CPU
        // on a slow CI machine, so the limit is 5 s and the stop outlasts it.
        heifCpuLimitMs: 5_000,
      });
      const pid = await until('the decoder started', () => childRunning('heif-child'), {
        every: 10,
      });
      process.kill(pid, 'SIGSTOP');
      await new Promise((r) => setTimeout(r, 5_500));
      process.kill(pid, 'SIGCONT');
      expect(await decoding).toMatchObject({ width: 1024, height: 1024 });
    },
  );

  it('refuses a photo over the pixel limit it is given', async () => {
    const error = await normalizeImage(path('big.jpg'), 'image/jpeg', {
      maxPixels: 10_000_000,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'media_too_large' });
  });

  it('accepts a path as well as a buffer', async () => {
    expect(await normalizeImage(path('pic.webp'), 'image/webp')).toMatchObject({ width: 500 });
  });

  it('refuses damaged files in words a driver can read', async () => {
    const garbage = fixedNoise(4_000);
    for (const mime of ['image/jpeg', 'image/heic']) {
      const error = await normalizeImage(garbage, mime).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaRejectedError);
      expect((error as MediaRejectedError).message).toBe(
        'The photo could not be read. It may be damaged.',
      );
    }
  });

  it('refuses a type it does not accept', async () => {
    const error = await normalizeImage(Buffer.from('II*\0'), 'image/tiff').catch((e: unknown) => e);
    expect((error as MediaRejectedError).code).toBe('media_image_unsupported');
  });
});
