// npm run bench:field: the feed as a driver's phone on 3G gets it, against a bare page with
// one <video> of the same file from the same server; then help, SOS and posting on a bad
// network. A measuring tool: it prints figures and ratios, asserts nothing and exits 0.
// The feed's loads are measured BENCH_FIELD_ROUNDS times (default 3), app and bare page in
// turn, and each figure is the median of its rounds: one load alone varies too much on a
// shared machine to read a ratio from. BENCH_FIELD_ONLY=resilience skips the feed, =feed the
// rest. How to read it: docs/operations.md.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { sharedBrowser } from '../e2e/support/browser.js';
import { barePagePath, buildWebApp, writeBarePage } from './app-build.js';
import { buildBareApp } from './bare-app.js';
import { coldAndWarm, phoneContext, throttledTab, type ColdAndWarm } from './cold-warm.js';
import { entrySize } from './entry-size.js';
import { measureOfflineHelp } from './offline-help.js';
import { cpuSlowdown, fast3g, phone, slow3g } from './profiles.js';
import { printReport, type Report, type VideoWeight } from './report.js';
import { printResilience } from './resilience-report.js';
import { profileRun, type ProfileRun } from './rounds.js';
import { seedFeed, signIn } from './seed.js';
import { startServer } from './server.js';
import { measureSosStalled } from './sos-stalled.js';
import { measureSwipes } from './swipes.js';
import { measureCutUpload, uploadMb } from './upload-cut.js';

const swipeCount = 30;
const only = process.env.BENCH_FIELD_ONLY;
const feedToo = only !== 'resilience';
const resilienceToo = only !== 'feed';
const rounds = Number(process.env.BENCH_FIELD_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error('BENCH_FIELD_ROUNDS must be a whole number, 1 or more');

const started = Date.now();
const say = (text: string) =>
  process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}\n`);

async function firstFeedVideo(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/video/all`);
  const body = (await res.json()) as { products: { video: { url: string } | null }[] };
  const video = body.products.find((p) => p.video)?.video;
  if (!video) throw new Error('the seeded feed has no video');
  return video.url;
}

async function weigh(
  url: string,
  path: string,
  durationSec: number | null,
): Promise<VideoWeight | null> {
  const res = await fetch(`${url}${path}`, { method: 'HEAD' });
  const bytes = Number(res.headers.get('content-length'));
  return durationSec && bytes ? { path, bytes, durationSec } : null;
}

/** The feed on Slow and Fast 3G, app against bare page, then the swipes. */
async function measureFeed(browser: Browser, url: string, token: string): Promise<Report> {
  await buildBareApp(dirs.bare);
  const entry = { app: await entrySize(dirs.web), bare: await entrySize(dirs.bare) };
  say('Posting clips through the API...');
  await seedFeed(url, token, dirs.media);
  const fallbackVideo = await firstFeedVideo(url);

  const runs: ProfileRun[] = [];
  let video: VideoWeight | null = null;
  for (const profile of [slow3g, fast3g]) {
    // App and bare in turn, so that the machine's drift over the minutes hits both alike.
    const app: ColdAndWarm[] = [];
    const bare: ColdAndWarm[] = [];
    for (let round = 1; round <= rounds; round++) {
      say(`Measuring on ${profile.name}, round ${round} of ${rounds}...`);
      const appRound = await coldAndWarm(browser, url, profile, '/', token);
      const chosen = appRound.cold.videoPath ?? fallbackVideo;
      video ??= await weigh(url, chosen, appRound.cold.videoDurationSec);
      await writeBarePage(dirs.web, chosen);
      app.push(appRound);
      bare.push(await coldAndWarm(browser, url, profile, barePagePath));
    }
    runs.push(profileRun(profile.name, app, bare));
  }

  say(`Swiping ${swipeCount} times on ${fast3g.name}...`);
  const swipeContext = await phoneContext(browser, url, token);
  const swipe = await throttledTab(swipeContext, fast3g);
  const swipes = await measureSwipes(swipe.page, swipe.session, swipe.log, swipeCount);
  await swipeContext.close();
  return {
    setup: `Chromium ${browser.version()}, ${phone.viewport?.width}x${phone.viewport?.height} at ${phone.deviceScaleFactor}x, CPU ${cpuSlowdown}x slower, signed in, service workers blocked`,
    runs,
    video,
    entry,
    swipes,
  };
}

const work = await mkdtemp(join(tmpdir(), 'saathi-bench-field-'));
const dirs = {
  web: join(work, 'web'),
  bare: join(work, 'bare'),
  data: join(work, 'data'),
  media: join(work, 'media'),
};
await mkdir(dirs.media, { recursive: true });
let stopServer: (() => Promise<void>) | undefined;
let browser: Browser | undefined;
try {
  say('Building the web app (production config)...');
  await buildWebApp(dirs.web);
  say('Starting the server...');
  const server = await startServer(dirs.web, dirs.data);
  stopServer = server.stop;
  const token = await signIn(server.url);
  const adminToken = await signIn(server.url, 'admin');

  browser = await sharedBrowser();
  const feed = feedToo ? await measureFeed(browser, server.url, token) : null;

  if (feed) printReport(feed);
  else process.stdout.write('\n');
  if (resilienceToo) {
    say('SOS on a link that never answers...');
    const sos = await measureSosStalled(browser, server.url, token, adminToken);
    say(`A ${uploadMb} MB video on Slow 3G, cut at half for a while (minutes)...`);
    const upload = await measureCutUpload(browser, server.url, token, dirs.media);
    say('Offline after one visit of the feed...');
    const offline = await measureOfflineHelp(browser, server.url, token);
    printResilience({ sos, upload, offline });
  }
} finally {
  await browser?.close();
  await stopServer?.();
  await rm(work, { recursive: true, force: true });
}
