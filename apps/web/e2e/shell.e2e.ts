import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;

/** A mid-range Android phone's screen, as the issue measures it. */
const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

/** The scripts a page fetched, by file name without the hash (FeedScreen, hi, admin-…). */
function scriptNames(urls: string[]): string[] {
  return urls
    .filter((url) => url.endsWith('.js'))
    .map((url) => (url.split('/').pop() ?? '').replace(/-[\w-]{8}\.js$/, ''));
}

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}

describe('the app shell', () => {
  it('paints the frame from index.html alone, with no words, before any script', async () => {
    const context = await browser.newContext({
      ...phone,
      baseURL: server.url,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('.boot-top img').isVisible()).resolves.toBe(true);
    await expect(page.locator('.boot-feed').isVisible()).resolves.toBe(true);
    const nav = page.locator('.boot-nav');
    // The bottom bar sits at the bottom of the screen, its six entries drawn without labels.
    const box = await nav.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(phone.viewport.height);
    await expect(nav.locator('svg').count()).resolves.toBe(6);
    await expect(nav.textContent()).resolves.toMatch(/^\s*$/);
    await screenshot(page, 'shell-frame-no-js');
    await context.close();
  });

  it('opens the feed with the frame and the first screen only: no console, no other language', async () => {
    const context = await browser.newContext({ ...phone, baseURL: server.url, locale: 'en-IN' });
    const page = await context.newPage();
    await signIn(page, '+91 9000000002', 'Driver@1234');
    // A cold start of a signed-in driver: a new page on the feed, with the session kept.
    const cold = await context.newPage();
    const urls = recordRequests(cold);
    await cold.goto('/');
    await cold.getByRole('heading', { name: 'Feed' }).waitFor();
    await cold.getByText('Loading videos...').waitFor({ state: 'hidden' });
    await screenshot(cold, 'shell-feed');
    const scripts = scriptNames(urls);
    expect(scripts).toEqual(expect.arrayContaining(['FeedScreen', 'en']));
    for (const never of [
      'hi',
      'AdminLayout',
      'adminRoutes',
      'VerifyCardScreen',
      'VoiceChatScreen',
    ]) {
      expect(scripts).not.toContain(never);
    }
    expect(urls.some((url) => url.includes('/assets/admin'))).toBe(false);
    await context.close();
  });

  it('switches to Hindi, loading the Hindi texts then', async () => {
    const context = await browser.newContext({ ...phone, baseURL: server.url, locale: 'en-IN' });
    const page = await context.newPage();
    const urls = recordRequests(page);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Driver Login' }).waitFor();
    expect(scriptNames(urls)).not.toContain('hi');
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: 'लॉगिन', exact: true }).waitFor();
    expect(scriptNames(urls)).toContain('hi');
    await context.close();
  });
});
