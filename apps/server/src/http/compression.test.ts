import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationStreamPath } from '@saathi/contract';
import { bufferStream } from '../storage/encryption.js';
import { newPost } from '../../test/feed-factories.js';
import { newUser, startTestApp, type TestApp } from '../../test/harness.js';
import { openSse } from '../../test/sse-client.js';
import { compressThresholdBytes } from './compression.js';

/** The body as the phone reads it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

describe('compression of text answers', () => {
  let t: TestApp;
  let dist: string;
  // Hashed build output as Vite writes it, with the .br and .gz copies the build adds.
  const script = `export const greeting = ${JSON.stringify('नमस्ते '.repeat(400))};\n`;
  const page = `<!doctype html><title>Saathi</title><style>${'.frame{color:red}'.repeat(100)}</style>`;

  async function built(path: string, text: string) {
    await writeFile(join(dist, path), text);
    await writeFile(join(dist, `${path}.br`), brotliCompressSync(text));
    await writeFile(join(dist, `${path}.gz`), gzipSync(text));
  }

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'saathi-dist-'));
    await mkdir(join(dist, 'assets'));
    await built('index.html', page);
    await built('assets/index-abc123.js', script);
    t = await startTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])('serves a built script precompressed as %s', async (encoding, accept) => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(varies(res)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(decoded(res)).toBe(script);
  });

  it('serves the script as it is to a client that accepts no encoding, still varying', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res)).toBe(true);
    expect(res.body).toBe(script);
  });

  it('serves index.html for a client route compressed, and revalidated', async () => {
    const res = await t.app.inject({
      url: '/my/profile',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varies(res)).toBe(true);
    expect(decoded(res)).toBe(page);
  });

  it('compresses a JSON API answer above the threshold on the fly, by Accept-Encoding', async () => {
    const u = await newUser(t);
    for (let i = 0; i < 6; i++) await newPost(t, u.user.id);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({
        url: '/api/v1/video/all',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(varies(res)).toBe(true);
      const body = decoded(res);
      expect(Buffer.byteLength(body)).toBeGreaterThan(compressThresholdBytes);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(body));
      expect((JSON.parse(body) as { success: boolean }).success).toBe(true);
    }
    const plain = await t.app.inject({ url: '/api/v1/video/all' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends a JSON answer below the threshold as it is', async () => {
    const res = await t.app.inject({
      url: '/api/v1/app/config',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(compressThresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
  });

  it('never compresses /media, even a text file, so ranges count stored bytes', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(1000)}</svg>`;
    await t.storage.put('public/test/map.svg', bufferStream(Buffer.from(svg)), 'image/svg+xml');
    const res = await t.app.inject({
      url: '/media/test/map.svg',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(svg.length));
    expect(res.body).toBe(svg);
  });

  it('leaves live streams uncompressed, so each event reaches the phone at once', async () => {
    const u = await newUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openSse(`http://127.0.0.1:${port}${notificationStreamPath}`, {
      cookie: `Token=${u.token}`,
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      expect((await stream.next('count', 2000)).data).toBeDefined();
    } finally {
      stream.close();
    }
  });
});
