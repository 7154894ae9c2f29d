import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { ffmpeg } from '../../server/test/fixtures-media.js';
import { startRelay } from '../e2e/support/relay.js';
import { phone, slow3g, throttle } from './profiles.js';

export interface UploadFigures {
  fileBytes: number;
  created: boolean;
  /** From the Upload press until the post is created, or until the bench gave up. */
  totalSec: number;
  /** What the browser sent up through the relay from the Upload press, headers included. */
  bytesUp: number;
  /** Whether the relay was cut at all (the upload reached half the file). */
  cut: boolean;
}

/** `BENCH_FIELD_UPLOAD_MB` makes the clip smaller for a quick run; the figure is 9. */
export const uploadMb = Number(process.env.BENCH_FIELD_UPLOAD_MB ?? 9);
export const cutSeconds = 20;
/** 9 MB on Slow 3G takes some 4 minutes; past 5.5 the run goes on without it. */
const uploadWaitMs = 330_000;
/** Pune. */
const pune = { latitude: 18.5204, longitude: 73.8567 };

/**
 * A camera-like clip of about `mb` megabytes: moving noise does not compress, so the size
 * follows the bitrate (9 Mbit/s) and the length.
 */
async function makeClip(dir: string, mb: number): Promise<string> {
  const clip = join(dir, 'upload.mp4');
  const seconds = ((mb * 8) / 9.2).toFixed(2);
  await ffmpeg([
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=480x854:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', seconds],
    ...['-vf', 'noise=alls=40:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-b:v', '9M', '-maxrate', '9M', '-bufsize', '4M', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    clip,
  ]);
  return clip;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(100)) {
    if (check()) return true;
  }
  return false;
}

async function postedCaptions(url: string, token: string): Promise<string[]> {
  const res = await fetch(`${url}/api/v1/video/mine`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { products: { caption: string }[] };
  return body.products.map((p) => p.caption);
}

/**
 * A video posted from the Add Video screen on Slow 3G (the page's throttle, which holds the
 * upload's requests too) through a TCP relay, cut for real once half the file went up and
 * restored `cutSeconds` later. The page's origin is the relay, so every byte crosses it.
 */
export async function measureCutUpload(
  browser: Browser,
  url: string,
  token: string,
  dir: string,
): Promise<UploadFigures> {
  const clip = await makeClip(dir, uploadMb);
  const fileBytes = (await stat(clip)).size;
  const relay = await startRelay(Number(new URL(url).port));
  const context = await browser.newContext({ ...phone, baseURL: relay.url });
  const caption = `Bench upload ${Date.now()}`;
  try {
    await context.addCookies([{ name: 'Token', value: token, url: relay.url }]);
    await context.grantPermissions(['geolocation'], { origin: relay.url });
    await context.setGeolocation(pune);
    const page = await context.newPage();
    // The screen loads at full speed: the figure is the upload's, not the page's load.
    await page.goto('/post/video');
    await page.getByRole('heading', { name: 'Add Video' }).waitFor();
    // The screen fills the place from the phone's position; typed if it did not in time.
    const location = page.getByLabel('Location *');
    for (let waited = 0; waited < 15_000 && (await location.inputValue()) === ''; waited += 200) {
      await sleep(200);
    }
    if ((await location.inputValue()) === '') await location.fill('NH48, Gujarat');
    await page.getByLabel('Caption').fill(caption);
    await page.getByLabel('Gallery').nth(1).setInputFiles(clip);
    await page.getByRole('button', { name: 'Remove video' }).waitFor();
    await throttle(await context.newCDPSession(page), slow3g);

    const before = relay.bytesUp();
    const started = Date.now();
    await page.getByRole('button', { name: 'Upload' }).click();
    const half = await until(() => relay.bytesUp() - before >= fileBytes / 2, uploadWaitMs);
    if (half) {
      relay.cut();
      await sleep(cutSeconds * 1000);
      relay.restore();
    }
    const left = Math.max(1000, uploadWaitMs - (Date.now() - started));
    const done = await page.waitForURL(`${relay.url}/`, { timeout: left }).then(
      () => true,
      () => false,
    );
    const totalSec = (Date.now() - started) / 1000;
    const created = done && (await postedCaptions(url, token)).includes(caption);
    return { fileBytes, created, totalSec, bytesUp: relay.bytesUp() - before, cut: half };
  } finally {
    await context.close();
    await relay.close();
  }
}
