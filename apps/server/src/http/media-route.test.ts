import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { bufferStream } from '../storage/encryption.js';
import { expectError } from '../../test/auth.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { parseRange } from './media-route.js';

describe('parseRange', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=10-', { start: 10, end: 99 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=100-', 'invalid'],
    ['bytes=5-2', 'invalid'],
    ['bytes=-0', 'invalid'],
    ['bytes=-', 'invalid'],
    ['bytes=a-b', 'invalid'],
    ['items=0-1', undefined],
    ['bytes=0-1,5-6', undefined],
    ['Bytes=0-9', { start: 0, end: 9 }],
  ] as const)('%s of 100 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});

describe('GET /media/*', () => {
  let t: TestApp;
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  beforeAll(async () => {
    t = await startTestApp();
    await t.storage.put('public/test/x.bin', bufferStream(data), 'application/octet-stream');
    await t.storage.put('private/identity/u1/doc', bufferStream(data), 'image/png');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves a public file whole, with its type and range support', async () => {
    const res = await get('/media/test/x.bin');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-10', 990, 999],
    ['bytes=500-5000', 500, 999],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get('/media/test/x.bin', { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5-1', 'bytes=x-y'])(
    'answers the unsatisfiable Range %s with 416',
    async (range) => {
      const res = await get('/media/test/x.bin', { range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
      expect(res.rawPayload.length).toBe(0);
    },
  );

  it.each(['bytes=0-1,5-6', 'items=0-1'])(
    'serves the whole file for the Range %s it does not serve (RFC 9110 14.2)',
    async (range) => {
      const res = await get('/media/test/x.bin', { range });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.headers['content-length']).toBe('1000');
      expect(res.rawPayload.equals(data)).toBe(true);
    },
  );

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/media/test/x.bin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.length).toBe(0);
  });

  it.each([
    '/media/test/missing.bin',
    '/media/test',
    '/media/',
    '/media/private/identity/u1/doc',
    '/media/identity/u1/doc',
    '/media/../private/identity/u1/doc',
    '/media/test/../../private/identity/u1/doc',
    '/media/%2e%2e/private/identity/u1/doc',
    '/media/test/%2e%2e/%2e%2e/private/identity/u1/doc',
    '/media/..%2fprivate%2fidentity%2fu1%2fdoc',
    '/media/.%2e/private/identity/u1/doc',
    '/media/test/x.bin.meta',
    '/media/test/.x.bin',
  ])('answers %s with 404', async (url) => {
    const res = await get(url);
    expectError(res, 404, messages.route_not_found, 'route_not_found');
    expect(res.rawPayload.includes(data.subarray(0, 32))).toBe(false);
  });
});
