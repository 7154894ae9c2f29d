import { ffmpeg } from '../../server/test/fixtures-media.js';
import { until } from '../../server/test/until.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;

async function tokenOf(number: string, password: string): Promise<string> {
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, password }),
  });
  return ((await login.json()) as { Token: string }).Token;
}

/** The driver posts a short video through the API and it is processed. */
async function postVideo(token: string): Promise<void> {
  const clip = join(work, 'road.mp4');
  const input = ['-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=25', '-t', '2'];
  await ffmpeg(['-loglevel', 'error', ...input, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip]);
  const form = new FormData();
  form.set('caption', 'Diversion at the Vapi toll plaza');
  form.set('location', 'Vapi');
  form.set('video', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'road.mp4');
  const made = await fetch(`${server.url}/api/v1/video/new`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(made.status).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const mine = await fetch(`${server.url}/api/v1/video/mine`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const { products } = (await mine.json()) as { products: { status: string }[] };
        return products[0]?.status;
      },
      { timeout: 90_000, interval: 1000 },
    )
    .toBe('ready');
}

const banner = () => page.getByTestId('saved-banner');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'saathi-offline-e2e-'));
  server = await startE2eServer();
  browser = await sharedBrowser();
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('offline reading', () => {
  it('after one online visit, the feed, My Profile and Notifications show their saved copy offline', async () => {
    await postVideo(await tokenOf('+919000000002', 'Driver@1234'));
    // Someone follows the driver: a notification to read later.
    const driver = await demoUser(server, '+919000000002');
    const followed = await fetch(`${server.url}/api/follow/follow/${driver.id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf('+919000000003', 'User@1234')}` },
    });
    expect(followed.status).toBeLessThan(300);

    await signIn(page, '+91 9000000002', 'Driver@1234');
    const item = page.locator('article[data-kind="video"]').first();
    await item.waitFor({ timeout: 20_000 });
    await page.goto('/my/profile');
    await page.getByTestId('my-name').waitFor();
    await page.goto('/notification');
    await page.getByText('started following you', { exact: false }).first().waitFor();
    // The saved copy is written a second after the last change (or as the page goes); the
    // worker serves the app.
    await until('the saved copy to hold the post and the notifications', async () => {
      const saved = await page.evaluate(() => localStorage.getItem('saathi.savedReading') ?? '');
      return saved.includes('Diversion at the Vapi') && saved.includes('notifications')
        ? true
        : undefined;
    });
    await until('the service worker to control the page', async () =>
      (await page.evaluate(() => navigator.serviceWorker.controller !== null)) ? true : undefined,
    );
    expect(await page.evaluate(() => localStorage.getItem('saathi.savedReading'))).not.toContain(
      '+919000000003',
    );

    await context.setOffline(true);

    await page.reload();
    await page.getByText('started following you', { exact: false }).first().waitFor();
    expect(await banner().textContent()).toBe('Offline, showing saved');
    await screenshot(page, 'offline-reading-01-notifications');

    await page.goto('/my/profile');
    expect(await page.getByTestId('my-name').textContent()).toBe('Ramesh Kumar');
    await banner().waitFor();
    await screenshot(page, 'offline-reading-02-profile');

    await page.goto('/');
    const saved = page.locator('article[data-kind="video"]').first();
    await saved.waitFor();
    await page.getByText('Video needs network').waitFor();
    await banner().waitFor();
    expect(await page.getByText('Network error').count()).toBe(0);
    // The small poster came from the phone.
    await expect
      .poll(() =>
        saved
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await saved.getByRole('button', { name: /like/i }).click();
    await page.getByText('You are offline. Try again when connected.').first().waitFor();
    await screenshot(page, 'offline-reading-03-feed');

    await context.setOffline(false);
  }, 180_000);
});
