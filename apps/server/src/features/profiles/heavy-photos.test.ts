import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, rateLimits, type Product } from '@saathi/contract';
import { sendPost } from '../../../test/feed-factories.js';
import { pngImage } from '../../../test/fixtures.js';
import { mediaDir, repeatedTileHeic } from '../../../test/fixtures-media.js';
import {
  bearer,
  multipart,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { until } from '../../../test/until.js';

let t: TestApp;
let base = '';
let media: Awaited<ReturnType<typeof mediaDir>>;
/** 9728x4096 (40 MP) in 7 KB: allowed, and seconds of a core to decode. */
let heic40: Buffer;
/** 13824x13824 (191 MP) in 31 KB: the file that held the API for 15 s and 3 GB. */
let heic191: Buffer;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  media = await mediaDir();
  heic40 = await repeatedTileHeic(media.dir, 8, 19);
  heic191 = await repeatedTileHeic(media.dir, 27, 27);
});

afterAll(async () => {
  await t.close();
  await media.cleanup();
});

const heic = (data: Buffer) => ({ data, filename: 'IMG_0001.HEIC', type: 'image/heic' });

/** PUT /api/v1/me/profile with a photo, over a real socket. */
async function putPhoto(u: TestUser, photo: { data: Buffer; filename: string; type: string }) {
  const form = await multipart({}, { photo });
  const res = await fetch(`${base}/api/v1/me/profile`, {
    method: 'PUT',
    headers: { ...form.headers, ...bearer(u.token) },
    body: new Uint8Array(form.payload),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Runs `work` while calling /api/health every 100 ms: the slowest answer's time, and every
 * status seen.
 */
async function healthDuring<T>(work: Promise<T>) {
  let slowestMs = 0;
  const statuses = new Set<number>();
  let done = false;
  const polling = (async () => {
    while (!done) {
      const at = Date.now();
      statuses.add((await fetch(`${base}/api/health`)).status);
      slowestMs = Math.max(slowestMs, Date.now() - at);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const result = await work.finally(() => {
    done = true;
  });
  await polling;
  return { result, slowestMs, statuses: [...statuses] };
}

describe('photos that take seconds to decode', () => {
  it('decodes a 40 MP HEIC profile photo while the API answers, and keeps no memory', async () => {
    const u = await newUser(t);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const { result, slowestMs, statuses } = await healthDuring(putPhoto(u, heic(heic40)));
    const tookMs = Date.now() - started;
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.user).toMatchObject({
      profileImage: { url: expect.stringMatching(/^\/media\/avatars\//) },
    });
    // Decoded in the API's own process, a health call would wait for most of the decode. On a
    // busy machine the decode stretches and a call may take seconds anyway (8.8 s of a 33.5 s
    // upload on a saturated 2-vCPU CI machine), so the bound is the larger of a second and
    // half the upload's time: still below the most of it that an in-process decode blocks.
    expect(slowestMs).toBeLessThan(Math.max(1000, tookMs / 2));
    expect(statuses).toEqual([200]);
    // Decoded in the API's own process, the wasm memory grew by 600 MB and stayed. The decoded
    // pixels (40 MP, 120-160 MB) do come back here to be resized, and the allocator may keep
    // them: a CI run grew by 257 MB with the decoder in its child, so the bound sits between.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
  });

  it('refuses a 191 MP HEIC profile photo by its header, with a reason the phone can show', async () => {
    const u = await newUser(t);
    const started = Date.now();
    const { result, slowestMs, statuses } = await healthDuring(putPhoto(u, heic(heic191)));
    expect(result).toEqual({
      status: 400,
      body: {
        success: false,
        code: 'media_photo_too_large',
        message: messages.media_photo_too_large,
      },
    });
    const tookMs = Date.now() - started;
    expect(tookMs).toBeLessThan(10_000);
    // As above: a busy machine may hold any call for a second, the API's process or not.
    expect(slowestMs).toBeLessThan(Math.max(1000, tookMs / 4));
    expect(statuses).toEqual([200]);
  });

  it('refuses a 191 MP HEIC ID-card photo the same way', async () => {
    const driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
    const form = await multipart(
      {
        name: 'Ramesh Kumar',
        fatherName: 'Suresh Kumar',
        designation: 'Driver',
        mobile: '9000000002',
        dlNo: 'MH12 20190012345',
        policeStation: 'Hinjewadi',
        city: 'Pune',
        state: 'Maharashtra',
        bloodGroup: 'B+',
        dob: '1988-04-12',
        memberAddress: 'Plot 4, Transport Nagar, Pune',
      },
      { photo: heic(heic191) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/driver-id/apply',
      headers: { ...form.headers, ...bearer(driver.token) },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'media_photo_too_large' });
  });

  it('fails a post whose HEIC image is too large, with a reason the driver can read', async () => {
    const driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
    const id = await sendPost(t, driver.token, [{ field: 'images', ...heic(heic191) }]);
    const failed = await until(`post ${id} to fail`, async () => {
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/v1/video/mine',
        headers: bearer(driver.token),
      });
      const found = (mine.json() as { products: Product[] }).products.find((p) => p._id === id);
      return found?.status === 'failed' ? found : undefined;
    });
    expect(failed.failureReason).toBe(messages.media_photo_too_large);
  });

  it(`takes ${rateLimits.profilePhotosPerHour} profile photos an hour per account`, async () => {
    const u = await newUser(t);
    const png = { data: pngImage(40, 40), filename: 'me.png', type: 'image/png' };
    for (let i = 0; i < rateLimits.profilePhotosPerHour; i++) {
      expect((await putPhoto(u, png)).status).toBe(200);
    }
    const refused = await putPhoto(u, png);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_attempts' });
    // A name change alone is not a photo.
    const form = await multipart({ name: 'Ramesh Kumar' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { ...form.headers, ...bearer(u.token) },
      payload: form.payload,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
