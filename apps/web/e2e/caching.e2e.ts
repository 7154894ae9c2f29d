import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bufferStream } from '../../server/src/storage/encryption.js';
import { newPost } from '../../server/test/feed-factories.js';
import { ffmpeg } from '../../server/test/fixtures-media.js';
import { until } from '../../server/test/until.js';
import { releaseBrowser, sharedBrowser, phoneContext } from './support/browser.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

/** Issue 12: little data on a phone: compressed answers, pictures kept, admin code not. */
let server: E2eServer;
let browser: Browser;
let page: Page;
let work: string;
let posterUrl = '';
let videoUrl = '';
const encodings = new Map<string, string | undefined>();

/** What the page's caches hold, by cache name: URL paths. */
function cached(): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

const cacheHolding = (path: string) =>
  until(`a cache holding ${path}`, async () => {
    const all = await cached();
    return Object.keys(all).find((name) => all[name]?.includes(path));
  });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'saathi-caching-e2e-'));
  const clip = join(work, 'road.mp4');
  await ffmpeg([
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=360x640:rate=25',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    clip,
  ]);
  server = await startE2eServer();
  const driver = await demoUser(server, '+919000000002');
  const post = await newPost(server, driver.id);
  const poster = await sharp({
    create: { width: 360, height: 640, channels: 3, background: '#c2410c' },
  })
    .jpeg()
    .toBuffer();
  await server.storage.put(post.posterKey ?? '', bufferStream(poster), 'image/jpeg');
  await server.storage.put(post.videoKey ?? '', bufferStream(readFileSync(clip)), 'video/mp4');
  posterUrl = `/media/${(post.posterKey ?? '').replace(/^public\//, '')}`;
  videoUrl = `/media/${(post.videoKey ?? '').replace(/^public\//, '')}`;

  browser = await sharedBrowser();
  page = await (await phoneContext(browser, server.url)).newPage();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!res.fromServiceWorker()) encodings.set(path, res.headers()['content-encoding']);
  });
  await signIn(page, '+91 9000000002', 'Driver@1234');
  // The worker installs on the first visit and takes over the page (clientsClaim).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await until('the service worker to control the page', async () =>
    (await page.evaluate(() => navigator.serviceWorker.controller !== null)) ? true : undefined,
  );
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('data a phone saves', () => {
  it('gets the app shell compressed by the build', () => {
    const scripts = [...encodings].filter(([path]) => /^\/assets\/.+\.js$/.test(path));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [path, encoding] of scripts) expect([path, encoding]).toEqual([path, 'br']);
    expect(encodings.get('/login')).toBe('br');
  });

  it('precaches the driver app but not the admin console', async () => {
    const all = await cached();
    const precache = Object.entries(all).find(([name]) => name.includes('precache'))?.[1] ?? [];
    expect(precache.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
    expect(precache.filter((p) => p.startsWith('/assets/admin/'))).toEqual([]);
  });

  it('keeps the help pictures once shown', async () => {
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    const picture = await page
      .locator('img[src^="/help/"]')
      .first()
      .evaluate((img) => (img as HTMLImageElement).getAttribute('src') ?? '');
    expect(await cacheHolding(picture)).toBe('help-pictures');
  });

  it('keeps a poster once shown, never the video', async () => {
    await page.goto('/');
    expect(await cacheHolding(posterUrl)).toBe('media-pictures');
    const all = Object.values(await cached()).flat();
    expect(all.filter((p) => p.endsWith('.mp4') || p.startsWith('/api/'))).toEqual([]);
    expect(all).not.toContain(videoUrl);
  });
});

describe('the app on a patchy link', () => {
  it('installs its worker again when a file of the first install was lost on the way', async () => {
    const context = await phoneContext(browser, server.url);
    // The worker's install fetches the whole app: the link drops the first file it asks for.
    let lost = '';
    await context.route('**/assets/**', async (route) => {
      if (!lost && route.request().serviceWorker()) {
        lost = new URL(route.request().url()).pathname;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const fresh = await context.newPage();
    await fresh.goto('/login');
    await fresh.getByLabel('Phone Number').waitFor();
    await until('the service worker to control the page', async () =>
      (await fresh.evaluate(() => navigator.serviceWorker.controller !== null)) ? true : undefined,
    );
    expect(lost).not.toBe('');
    // The second install fetched the lost file.
    const precache = await fresh.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.includes('precache')) ?? '';
      const keys = await (await caches.open(name)).keys();
      return keys.map((r) => new URL(r.url).pathname);
    });
    expect(precache).toContain(lost);
  }, 90_000);
});
