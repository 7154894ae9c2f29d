// npm run bench:field: the feed as a driver's phone on 3G gets it, against a bare page with
// one <video> of the same file from the same server; then help, SOS and posting on a bad
// network. A measuring tool: it prints figures and ratios, asserts nothing and exits 0.
// BENCH_FIELD_ONLY=resilience skips the feed, =feed the rest. How to read it: docs/operations.md.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { barePagePath, buildWebApp, writeBarePage } from './app-build.js';
import { buildBareApp } from './bare-app.js';
import { entrySize } from './entry-size.js';
import { measureLoad, probeScript, type LoadFigures } from './measure.js';
import { NetworkLog } from './network-log.js';
import { measureOfflineHelp } from './offline-help.js';
import { cpuSlowdown, fast3g, phone, slow3g, throttle, type NetworkProfile } from './profiles.js';
import { printReport, type ProfileRun, type Report, type VideoWeight } from './report.js';
import { printResilience } from './resilience-report.js';
import { seedFeed, signIn } from './seed.js';
import { startServer } from './server.js';
import { measureSosStalled } from './sos-stalled.js';
import { measureSwipes } from './swipes.js';
import { measureCutUpload, uploadMb } from './upload-cut.js';

const swipeCount = 30;
const only = process.env.BENCH_FIELD_ONLY;
const feedToo = only !== 'resilience';
const resilienceToo = only !== 'feed';
/** Past this a page counts as showing no frame: the run goes on rather than hang. */
const frameTimeoutMs = 150_000;

const started = Date.now();
const say = (text: string) =>
  process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}\n`);

/** A fresh context (empty cache), signed in when a token is given. */
async function phoneContext(browser: Browser, url: string, token?: string) {
  const context = await browser.newContext({ ...phone, baseURL: url });
  if (token) await context.addCookies([{ name: 'Token', value: token, url }]);
  await context.addInitScript(probeScript);
  return context;
}

/** A new tab of `context`, throttled, with its own network log. */
async function throttledTab(context: BrowserContext, profile: NetworkProfile) {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const log = new NetworkLog(session);
  await throttle(session, profile);
  return { page, session, log };
}

/**
 * Cold (a fresh context: empty cache) then warm (the cold tab closed, a new tab in the same
 * context: the HTTP cache kept), for one page. Warm is how a driver comes back to the app,
 * from the home screen after it went to the background, not a reload: a reload would also
 * time the unloading of the page before it, which a driver coming back never waits for.
 */
async function coldAndWarm(
  browser: Browser,
  url: string,
  profile: NetworkProfile,
  path: string,
  token?: string,
): Promise<{ cold: LoadFigures; warm: LoadFigures }> {
  const context = await phoneContext(browser, url, token);
  try {
    const first = await throttledTab(context, profile);
    const cold = await measureLoad(
      first.page,
      first.log,
      () => first.page.goto(path, { waitUntil: 'commit' }),
      frameTimeoutMs,
    );
    await first.page.close();
    const again = await throttledTab(context, profile);
    const warm = await measureLoad(
      again.page,
      again.log,
      () => again.page.goto(path, { waitUntil: 'commit' }),
      frameTimeoutMs,
    );
    return { cold, warm };
  } finally {
    await context.close();
  }
}

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
    say(`Measuring on ${profile.name}...`);
    const app = await coldAndWarm(browser, url, profile, '/', token);
    const chosen = app.cold.videoPath ?? fallbackVideo;
    video ??= await weigh(url, chosen, app.cold.videoDurationSec);
    await writeBarePage(dirs.web, chosen);
    const bare = await coldAndWarm(browser, url, profile, barePagePath);
    runs.push({ profile: profile.name, app, bare });
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

  browser = await launchBrowser();
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
