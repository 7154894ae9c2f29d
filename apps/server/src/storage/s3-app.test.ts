import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDocument, Product } from '@saathi/contract';
import { pngImage } from '../../test/fixtures.js';
import { multipartFiles, type UploadFile } from '../../test/feed-factories.js';
import { bearer, newUser, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { startS3, type TestS3 } from '../../test/s3-server.js';
import { s3Client, s3Storage, type S3Settings } from './s3.js';
import { until } from '../../test/until.js';

/**
 * The whole app on S3: uploads stream into the bucket, the worker reads and writes there,
 * and /media serves from it with ranges. Same code path as local disk, other storage.
 */
let s3: TestS3;
let settings: S3Settings;
let client: S3Client;
let t: TestApp;
let driver: TestUser;

beforeAll(async () => {
  s3 = await startS3();
  settings = s3.settings('saathi');
  client = await s3Client(settings);
  t = await startTestApp({
    workers: true,
    storage: s3Storage(client, settings.bucket, settings.prefix),
  });
  driver = await newUser(t, {
    usertype: 'driver',
    verification: 'verified',
    password: 'vault-pass-1',
  });
});
afterAll(async () => {
  await t.close();
  client.destroy();
  await s3.close();
});

/** Object keys in the bucket under the app's prefix + `under`. */
async function keysUnder(under: string): Promise<string[]> {
  const listed = await client.send(
    new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${settings.prefix}/${under}` }),
  );
  return (listed.Contents ?? []).map((o) => o.Key ?? '');
}

const image = (data: Buffer): UploadFile => ({
  field: 'images',
  data,
  filename: 'IMG_0002.JPG',
  type: 'image/jpeg',
});

async function post(files: UploadFile[]) {
  const body = await multipartFiles({ location: 'Vapi, Gujarat', caption: 'Toll plaza' }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/video/new',
    headers: { ...bearer(driver.token), ...body.headers },
    payload: body.payload,
  });
}

const waitUntilReady = (postId: string): Promise<Product> =>
  until(`post ${postId} to finish processing`, async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/mine',
      headers: bearer(driver.token),
    });
    const found = (res.json() as { products: Product[] }).products.find((p) => p._id === postId);
    return found?.status === 'ready' || found?.status === 'failed' ? found : undefined;
  });

describe('the app on S3 storage', () => {
  it('processes a post photo from the bucket and serves it through /media with ranges', async () => {
    const photo = await sharp({
      create: { width: 1200, height: 1600, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const res = await post([image(photo)]);
    expect(res.statusCode, res.body).toBe(200);
    const ready = await waitUntilReady((res.json() as { product: Product }).product._id);
    expect(ready.status).toBe('ready');
    const url = ready.images[0]?.url ?? '';
    expect(url).toMatch(/^\/media\/posts\//);
    expect(await keysUnder(`public/${url.slice('/media/'.length)}`)).toHaveLength(1);

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(whole.rawPayload).metadata()).format).toBe('jpeg');

    const size = whole.rawPayload.length;
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes 100-${size - 1}/${size}`);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(100))).toBe(true);
    const probe = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1' } });
    expect(probe.statusCode).toBe(206);
    expect(probe.rawPayload.equals(whole.rawPayload.subarray(0, 2))).toBe(true);

    // The raw upload is removed from the bucket once processed.
    expect(await keysUnder('uploads/')).toEqual([]);
  });

  it('refuses an oversized 2nd photo with 413, removing the 1st from the bucket again', async () => {
    const before = await keysUnder('');
    const res = await post([image(pngImage()), image(pngImage(4, 4, 12 * 1024 * 1024))]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'image_too_large', params: { n: 2 } });
    expect(await keysUnder('')).toEqual(before);
  });

  it('keeps vault documents encrypted in the bucket and serves them only to their owner', async () => {
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/personal-documents/verify-password',
      headers: bearer(driver.token),
      payload: { userId: driver.user.id, password: 'vault-pass-1' },
    });
    const vault = (unlocked.json() as { vaultToken: string }).vaultToken;
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const body = await multipartFiles({ documentType: 'Driving License', documentName: 'DL' }, [
      { field: 'document', data: pdf, filename: 'dl.pdf', type: 'application/pdf' },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/personal-documents/add',
      headers: { ...bearer(driver.token), ...body.headers, 'x-vault-token': vault },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const doc = (added.json() as { document: PersonalDocument }).document;

    const stored = await keysUnder('private/vault/');
    expect(stored).toHaveLength(1);
    const raw = await client.send(
      new GetObjectCommand({ Bucket: settings.bucket, Key: stored[0] }),
    );
    const rawBytes = Buffer.from((await raw.Body?.transformToByteArray()) ?? []);
    expect(rawBytes.length).toBeGreaterThan(pdf.length);
    expect(rawBytes.includes(Buffer.from('%PDF'))).toBe(false);
    // Never reachable as public media under any spelling of its key.
    const privatePath = stored[0]?.slice(`${settings.prefix}/private/`.length) ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/media/${privatePath}` })).statusCode).toBe(
      404,
    );

    const file = await t.app.inject({
      method: 'GET',
      url: doc.file.url,
      headers: { ...bearer(driver.token), 'x-vault-token': vault },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const stranger = await newUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: doc.file.url, headers: bearer(stranger.token) }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});
