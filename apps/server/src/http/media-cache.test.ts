import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferStream } from '../storage/encryption.js';
import { s3Client, s3Storage } from '../storage/s3.js';
import type { Storage } from '../storage/storage.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { startS3, type TestS3 } from '../../test/s3-server.js';

/** A phone's or a CDN's copy of /media revalidated instead of downloaded again (issue 12). */
describe.each([
  ['local disk', async () => ({ storage: undefined, close: async () => undefined })],
  [
    'S3',
    async (): Promise<{ storage: Storage; close: () => Promise<void> }> => {
      const s3: TestS3 = await startS3();
      const settings = s3.settings('saathi');
      const client: S3Client = await s3Client(settings);
      return {
        storage: s3Storage(client, settings.bucket, settings.prefix),
        close: async () => {
          client.destroy();
          await s3.close();
        },
      };
    },
  ],
])('/media validators on %s', (_name, open) => {
  let t: TestApp;
  let closeStorage: () => Promise<void>;
  const data = Buffer.from(Array.from({ length: 2000 }, (_, i) => i % 251));
  const url = '/media/posts/p1/video.mp4';
  let etag: string;
  let lastModified: string;

  beforeAll(async () => {
    const opened = await open();
    closeStorage = opened.close;
    t = await startTestApp({ storage: opened.storage });
    await t.storage.put('public/posts/p1/video.mp4', bufferStream(data), 'video/mp4');
    const first = await t.app.inject({ url });
    etag = String(first.headers.etag);
    lastModified = String(first.headers['last-modified']);
  });
  afterAll(async () => {
    await t?.close();
    await closeStorage?.();
  });

  const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('sends a strong ETag and Last-Modified with the one-year immutable caching', async () => {
    const res = await get({});
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it.each([
    ['If-None-Match with its ETag', () => ({ 'if-none-match': etag })],
    ['If-None-Match with it among others', () => ({ 'if-none-match': `"other", ${etag}` })],
    ['If-None-Match with it weak', () => ({ 'if-none-match': `W/${etag}` })],
    ['If-None-Match: *', () => ({ 'if-none-match': '*' })],
    ['If-Modified-Since its Last-Modified', () => ({ 'if-modified-since': lastModified })],
    ['a Range with a matching ETag', () => ({ 'if-none-match': etag, range: 'bytes=0-99' })],
  ])('answers %s with 304 and no body', async (_what, headers) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await get(headers(), method);
      expect(res.statusCode).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['content-range']).toBeUndefined();
    }
  });

  it.each([
    ['another ETag', { 'if-none-match': '"not-this-one"' }],
    ['an older date', { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }],
    // If-None-Match decides when both are sent (RFC 9110 13.2.2).
    [
      'another ETag, whatever the date',
      { 'if-none-match': '"not-this-one"', 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' },
    ],
  ])('answers a copy validated by %s with the whole file', async (_what, headers) => {
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('still answers a Range with 206 and those bytes, validators included', async () => {
    const res = await get({ range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/2000');
    expect(res.headers.etag).toBe(etag);
    expect(res.rawPayload.equals(data.subarray(100, 200))).toBe(true);
  });

  it.each([
    ['its ETag', () => etag],
    ['its Last-Modified', () => lastModified],
  ])('honours a Range under an If-Range of %s', async (_what, ifRange) => {
    const res = await get({ range: 'bytes=100-199', 'if-range': ifRange() });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(data.subarray(100, 200))).toBe(true);
  });

  it.each([
    ['another ETag', '"not-this-one"'],
    ['a weak ETag', 'W/"x"'],
    ['another date', 'Mon, 01 Jan 2001 00:00:00 GMT'],
  ])('sends the whole file when If-Range holds %s (the copy changed)', async (_what, ifRange) => {
    const res = await get({ range: 'bytes=100-199', 'if-range': ifRange });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('gives a file written again under its key a new ETag', async () => {
    const key = 'public/test/replaced.jpg';
    await t.storage.put(key, bufferStream(data), 'image/jpeg');
    const before = await t.app.inject({ url: '/media/test/replaced.jpg' });
    await t.storage.put(key, bufferStream(data.subarray(0, 1000)), 'image/jpeg');
    const res = await t.app.inject({
      url: '/media/test/replaced.jpg',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(before.headers.etag);
    expect(res.rawPayload.length).toBe(1000);
  });
});
