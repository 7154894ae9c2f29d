import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

describe('the web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'saathi-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Saathi</title>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'export {};');
    // Beside the build folder: no path may reach it.
    await writeFile(`${dist}-secret.txt`, 'not for the web');
    t = await startTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
    await rm(`${dist}-secret.txt`, { force: true });
  });

  it('serves client routes with index.html, revalidated', async () => {
    const res = await t.app.inject({
      url: '/my/profile',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404, not index.html, for a build file that is gone (an old release asking)', async () => {
    const res = await t.app.inject({
      url: '/assets/AddVideoScreen-old999.js',
      headers: { accept: '*/*' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it("answers a HEAD with the file's own length and no body", async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String('export {};'.length));
    expect(res.body).toBe('');
  });

  it('never sends a file from outside the build folder', async () => {
    const secret = `${dist.split('/').pop()}-secret.txt`;
    for (const url of [`/../${secret}`, `/assets/../../${secret}`, `/%2e%2e/${secret}`]) {
      const res = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(res.body).not.toContain('not for the web');
    }
  });
});
