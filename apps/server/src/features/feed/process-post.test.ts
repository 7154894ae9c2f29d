import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Product } from '@saathi/contract';
import { multipartFiles } from '../../../test/feed-factories.js';
import { pngImage } from '../../../test/fixtures.js';
import { ffmpeg, mediaDir } from '../../../test/fixtures-media.js';
import {
  bearer,
  filesUnder,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { probeMedia } from '../../media/probe.js';
import { until } from '../../../test/until.js';

let t: TestApp;
let driver: TestUser;
let media: Awaited<ReturnType<typeof mediaDir>>;
let clip: Buffer;
let photo: Buffer;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
  media = await mediaDir();
  const clipPath = join(media.dir, 'clip.mov');
  // What an iPhone sends: QuickTime, 1080x1920 portrait, with sound.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1080x1920:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mov',
    clipPath,
  ]);
  clip = await readFile(clipPath);
  // A phone photo with its GPS position in EXIF.
  photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
    .toBuffer();
});

afterAll(async () => {
  await t.close();
  await media.cleanup();
});

async function post(
  files: Parameters<typeof multipartFiles>[1],
  fields = { location: 'Vapi, Gujarat', caption: 'Traffic at the toll plaza' },
) {
  const body = await multipartFiles(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/video/new',
    headers: { ...bearer(driver.token), ...body.headers },
    payload: body.payload,
  });
}

const waitForState = (postId: string, state: 'ready' | 'failed'): Promise<Product> =>
  until(`post ${postId} to become ${state}`, async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/mine',
      headers: bearer(driver.token),
    });
    const found = (res.json() as { products: Product[] }).products.find((p) => p._id === postId);
    return found?.status === state ? found : undefined;
  });

describe('post processing', () => {
  it('turns a phone video and photo into a feed post a cheap phone can play', async () => {
    const res = await post([
      { field: 'video', data: clip, filename: 'IMG_0001.MOV', type: 'video/quicktime' },
      { field: 'images', data: photo, filename: 'IMG_0002.JPG', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const created = res.json() as { success: boolean; message: string; product: Product };
    expect(created).toMatchObject({ success: true, message: 'Uploaded successfully!' });
    expect(created.product.status).toBe('processing');
    // Not in the feed until it is ready.
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/video/all' });
    expect((before.json() as { products: Product[] }).products).toHaveLength(0);

    const ready = await waitForState(created.product._id, 'ready');
    expect(ready.video?.url).toBe(`/media/posts/${ready._id}/video.mp4`);
    expect(ready.video?.width).toBe(720);
    expect(ready.video?.height).toBe(1280);
    expect(ready.video?.duration).toBeGreaterThan(1.5);
    expect(ready.images).toHaveLength(1);

    const feed = await t.app.inject({ method: 'GET', url: '/api/v1/video/all' });
    expect((feed.json() as { products: Product[] }).products.map((p) => p._id)).toEqual([
      ready._id,
    ]);

    // The transcoded file: H.264 + AAC, faststart, served with ranges.
    const video = await t.app.inject({ method: 'GET', url: ready.video?.url ?? '' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const mp4 = video.rawPayload;
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    const path = join(media.dir, 'out.mp4');
    await writeFile(path, mp4);
    const probe = await probeMedia(path);
    expect(probe).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 720,
      height: 1280,
    });
    const head = await t.app.inject({
      method: 'GET',
      url: ready.video?.url ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(head.statusCode).toBe(206);

    const poster = await t.app.inject({ method: 'GET', url: ready.video?.posterUrl ?? '' });
    expect(poster.headers['content-type']).toBe('image/jpeg');

    // The photo: resized for phones, GPS and all EXIF gone.
    const image = await t.app.inject({ method: 'GET', url: ready.images[0]?.url ?? '' });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1920);

    // Raw uploads are gone once processed.
    await expect
      .poll(() => filesUnder(join(t.dataDir, 'storage', 'uploads')), { timeout: 10_000 })
      .toEqual([]);
  });

  it('fails a damaged video with a reason the driver can read, and drops its raw file', async () => {
    const broken = Buffer.concat([clip.subarray(0, 4096), Buffer.alloc(20_000, 7)]);
    const res = await post([
      { field: 'video', data: broken, filename: 'broken.mov', type: 'video/quicktime' },
    ]);
    expect(res.statusCode).toBe(200);
    const id = (res.json() as { product: Product }).product._id;
    const failed = await waitForState(id, 'failed');
    expect(failed.failureReason).toBe('The video could not be read. It may be damaged.');
    expect(failed.video).toBeNull();

    // The same bytes would fail the same way: the file is not kept for a retry.
    await expect
      .poll(() => filesUnder(join(t.dataDir, 'storage', 'uploads', 'posts', id)), {
        timeout: 10_000,
      })
      .toEqual([]);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/video/${id}/retry`,
      headers: bearer(driver.token),
    });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({ message: messages.post_retry_gone });

    const other = await newUser(t);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/v1/video/${id}/retry`,
      headers: bearer(other.token),
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('a refused photo fails the post and leaves none of its processed video served', async () => {
    // A PNG by its first bytes that no decoder can read.
    const broken = pngImage(20, 20).subarray(0, 60);
    const res = await post([
      { field: 'video', data: clip, filename: 'IMG_0003.MOV', type: 'video/quicktime' },
      { field: 'images', data: broken, filename: 'road.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { product: Product }).product._id;
    const failed = await waitForState(id, 'failed');
    expect(failed.video).toBeNull();
    expect(await filesUnder(join(t.dataDir, 'storage', 'public', 'posts', id))).toEqual([]);
  });

  it("fails a video over 10 minutes with the contract's reason, the minutes filled in", async () => {
    // 10 min 5 s of a tiny picture at 1 fps: over the limit, yet made in a blink.
    const path = join(media.dir, 'long.mp4');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=size=16x16:rate=1:duration=605', path]);
    const res = await post([
      { field: 'video', data: await readFile(path), filename: 'long.mp4', type: 'video/mp4' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const failed = await waitForState((res.json() as { product: Product }).product._id, 'failed');
    // messages.media_too_long with {{minutes}} = 10: the client reads the code back from it.
    expect(failed.failureReason).toBe(
      'This video is longer than 10 minutes. Please send a shorter clip.',
    );
  });

  it('deletes every file of a post when its author deletes it', async () => {
    const res = await post([
      { field: 'images', data: photo, filename: 'a.jpg', type: 'image/jpeg' },
    ]);
    const id = (res.json() as { product: Product }).product._id;
    const ready = await waitForState(id, 'ready');
    const url = ready.images[0]?.url ?? '';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/product/${id}`,
      headers: bearer(driver.token),
    });
    expect(del.json()).toEqual({
      success: true,
      message: 'Video deleted successfully',
      code: 'video_deleted',
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await filesUnder(join(t.dataDir, 'storage', 'public', 'posts', id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/video/${id}` })).statusCode).toBe(
      404,
    );
  });
});
