import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bufferStream } from '../../server/src/storage/encryption.js';
import { newPost } from '../../server/test/feed-factories.js';
import { ffmpeg } from '../../server/test/fixtures-media.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

/** Issue 16: drive-safe mode with a phone that really moves (Chromium's emulated position). */
let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;
let motion: NodeJS.Timeout | undefined;

/** NH48 out of Vapi, heading north. */
let latitude = 20.3893;
const longitude = 72.9106;
const metresPerDegree = 111_195;

/**
 * Moves the emulated phone every second at `kmh` (0: standing still). Chromium gives positions
 * without a speed, so the app works it out from successive positions.
 */
function drive(kmh: number): void {
  clearInterval(motion);
  motion = setInterval(() => {
    latitude += kmh / 3.6 / metresPerDegree;
    void context.setGeolocation({ latitude, longitude, accuracy: 8 }).catch(() => undefined);
  }, 1000);
}

const card = (name: string) => page.getByRole('dialog', { name });
const feedVideo = () => page.getByTestId('feed-video').first();
const playing = () => feedVideo().evaluate((v: HTMLVideoElement) => !v.paused);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'saathi-drive-safe-e2e-'));
  const clip = join(work, 'road.mp4');
  await ffmpeg([
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=360x640:rate=25',
    '-t',
    '4',
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
  await server.storage.put(post.videoKey ?? '', bufferStream(readFileSync(clip)), 'video/mp4');
  browser = await sharedBrowser();
  context = await phoneContext(browser, server.url);
  await context.grantPermissions(['geolocation'], { origin: server.url });
  await context.setGeolocation({ latitude, longitude, accuracy: 8 });
  page = await context.newPage();
  await signIn(page, '+91 9000000002', 'Driver@1234');
});

afterAll(async () => {
  clearInterval(motion);
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('drive-safe mode', () => {
  it('pauses the playing video and shows the card after 10 s at driving speed', async () => {
    await expect.poll(playing, { timeout: 20_000 }).toBe(true);
    drive(40);
    // The card waits for 10 s of driving: not at once.
    await page.waitForTimeout(4000);
    expect(await card('You are driving').count()).toBe(0);
    const dialog = card('You are driving');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await playing()).toBe(false);
    expect(await dialog.evaluate((el) => el === document.activeElement)).toBe(true);
    // A modal dialog: the app behind it cannot be reached by keys or a screen reader.
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    await dialog.getByText('Watch when you have stopped. Saathi will wait.').waitFor();
    for (const name of ['Help', 'SOS', 'Voice Chat']) {
      const box = await dialog.getByRole('link', { name, exact: true }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    const passenger = dialog.getByRole('button', { name: 'I am a passenger' });
    expect((await passenger.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'drive-safe-en');
    await page.screenshot({ path: '/tmp/shots/drive-safe-en.png' });
  });

  it('leads to SOS, where the card steps aside, and comes back on the feed', async () => {
    await card('You are driving').getByRole('link', { name: 'SOS' }).click();
    await page.waitForURL(`${server.url}/emergency`);
    await page
      .getByRole('heading', { name: 'This video will Show Only in An Emergency' })
      .waitFor();
    expect(await card('You are driving').count()).toBe(0);
    await page.getByRole('link', { name: 'Feed' }).click();
    await card('You are driving').waitFor();
    // Still held: the feed opened under the card does not start its video.
    await page.waitForTimeout(1500);
    expect(await playing()).toBe(false);
  });

  it('lets a passenger watch on: the card goes and the video plays again', async () => {
    await card('You are driving').getByRole('button', { name: 'I am a passenger' }).click();
    expect(await card('You are driving').count()).toBe(0);
    expect(await page.locator('#root').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    await expect.poll(playing, { timeout: 10_000 }).toBe(true);
    // Driving on does not bring it back within the 30 minutes, a reload of the page included.
    await page.reload();
    await page.getByRole('link', { name: 'Feed' }).waitFor();
    await page.waitForTimeout(12_000);
    expect(await card('You are driving').count()).toBe(0);
  }, 60_000);

  it('shows the card in Hindi without a network, and ends after 30 s standing still', async () => {
    // A new ride: the passenger's choice, kept for the tab, is forgotten.
    await page.evaluate(() => {
      localStorage.setItem('saathi.language', 'hi');
      sessionStorage.removeItem('driveSafePassengerUntil');
    });
    await page.reload();
    await page.getByRole('link', { name: 'फ़ीड' }).waitFor();
    // Watching has started and fetched the card's code and texts: the network may go now.
    await page.waitForTimeout(2000);
    await context.setOffline(true);
    const dialog = card('आप गाड़ी चला रहे हैं');
    await dialog.waitFor({ timeout: 25_000 });
    await dialog.getByText('रुकने के बाद देखिए। साथी आपका इंतज़ार करेगा।').waitFor();
    await dialog.getByRole('button', { name: 'मैं सवारी हूँ' }).waitFor();
    await screenshot(page, 'drive-safe-hi');
    await page.screenshot({ path: '/tmp/shots/drive-safe-hi.png' });
    await context.setOffline(false);
    drive(0);
    await page.waitForTimeout(20_000);
    expect(await dialog.count()).toBe(1);
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  }, 90_000);
});
