import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { posts } from '../../server/src/db/schema/index.js';
import { ffmpeg } from '../../server/test/fixtures-media.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startRelay, type Relay } from './support/relay.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let relay: Relay;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;
let clip: string;
let clipBytes: number;

/** About 300 KB/s up: a 3G uplink; the clip takes some 15 s to send. */
const uplink = 300 * 1024;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'saathi-upload-e2e-'));
  clip = join(work, 'road.mp4');
  // Noise does not compress: a real few-MB clip, as a phone camera makes.
  await ffmpeg([
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=480x854:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '4'],
    ...['-vf', 'noise=alls=40:allf=t', '-c:v', 'libx264', '-b:v', '9M', '-maxrate', '9M'],
    ...['-bufsize', '4M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
  ]);
  clipBytes = statSync(clip).size;
  server = await startE2eServer();
  const port = Number(new URL(server.url).port);
  relay = await startRelay(port);
  browser = await sharedBrowser();
  context = await phoneContext(browser, relay.url);
  await context.grantPermissions(['geolocation'], { origin: relay.url });
  await context.setGeolocation({ latitude: 18.5204, longitude: 73.8567 });
  page = await context.newPage();
  await signIn(page, '+91 9000000002', 'Driver@1234');
}, 180_000);

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await relay?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function fillPost(caption: string) {
  await page.goto('/post/video');
  await page.getByRole('heading', { name: 'Add Video' }).waitFor();
  const location = page.getByLabel('Location *');
  await expect.poll(() => location.inputValue(), { timeout: 15_000 }).not.toBe('');
  await page.getByLabel('Caption').fill(caption);
  await page.getByLabel('Gallery').nth(1).setInputFiles(clip);
  await page.getByRole('button', { name: 'Remove video' }).waitFor();
}

/** Resolves once the relay carried `fraction` of the clip up since `from`. */
async function sentAtLeast(from: number, fraction: number) {
  await expect
    .poll(() => relay.bytesUp() - from, { timeout: 60_000, interval: 100 })
    .toBeGreaterThan(clipBytes * fraction);
}

const postsOfDriver = async () => {
  const driver = await demoUser(server, '+919000000002');
  return server.database.db.select().from(posts).where(eq(posts.userId, driver.id));
};

describe('a resumable upload on a network that drops', () => {
  it('goes on from where it stopped after the connection is cut, sending the clip about once', async () => {
    expect(clipBytes).toBeGreaterThan(3_000_000);
    await fillPost('Diversion at the Khed toll plaza');
    relay.throttle(uplink);
    const before = relay.bytesUp();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText(/% sent/).waitFor();

    await sentAtLeast(before, 0.5);
    relay.cut();
    // The driver sees the upload wait for the network, not fail.
    await page.getByText('Paused: waiting for network').waitFor({ timeout: 20_000 });
    await screenshot(page, 'upload-01-paused');
    await new Promise((r) => setTimeout(r, 5_000));
    relay.restore();

    await page.waitForURL(`${relay.url}/`, { timeout: 90_000 });
    await page.getByText('Uploaded successfully!').waitFor();
    await screenshot(page, 'upload-02-posted');
    const sent = relay.bytesUp() - before;
    expect(sent / clipBytes).toBeLessThan(1.1);
    const mine = await postsOfDriver();
    expect(mine.map((p) => p.caption)).toContain('Diversion at the Khed toll plaza');
  });

  it('goes on after a reload of the post screen when the same video is picked again', async () => {
    await fillPost('Fog on the expressway');
    relay.throttle(uplink);
    const before = relay.bytesUp();
    await page.getByRole('button', { name: 'Upload' }).click();
    await sentAtLeast(before, 0.4);
    await page.reload();
    relay.throttle(undefined);

    await fillPost('Fog on the expressway');
    await page.getByText(/This video was partly sent before \(\d+%\)/).waitFor();
    await screenshot(page, 'upload-03-resume-offer');
    relay.throttle(uplink);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(`${relay.url}/`, { timeout: 90_000 });
    const sent = relay.bytesUp() - before;
    // The page itself came again after the reload (its scripts are cached; its calls are not).
    expect(sent / clipBytes).toBeLessThan(1.15);
    const mine = await postsOfDriver();
    expect(mine.map((p) => p.caption)).toContain('Fog on the expressway');
  });
});
