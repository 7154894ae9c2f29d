import type { Page } from 'playwright-core';
import type { BytesByGroup, NetworkLog } from './network-log.js';

/** How long the viewer watches after the first frame before the figures are read. */
export const watchMs = 3000;

/**
 * Installed before any page script: paint timings, and the moment the first video presents a
 * frame while playing (requestVideoFrameCallback's presentation time, with timeupdate as a
 * fallback). Times are
 * performance.now(), i.e. milliseconds since the navigation started. Plain JavaScript in a
 * string: tsx's helpers would be undefined inside the page.
 */
export const probeScript = `(() => {
  const b = { fcp: null, firstFrame: null, src: null, atFrame: 0, video: null };
  window.__bench = b;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') b.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  const seen = (v, t) => {
    if (b.firstFrame !== null || v.paused || v.readyState < 2) return;
    b.firstFrame = t;
    b.src = v.currentSrc;
    b.atFrame = v.currentTime;
    b.video = v;
  };
  // The frame's presentation time, not the callback's: the compositor shows a video frame
  // while the page's main thread may still be busy running scripts, and the driver sees it.
  const onFrame = (v) => (now, meta) => {
    seen(v, meta && meta.presentationTime > 0 ? Math.min(now, meta.presentationTime) : now);
    if (b.firstFrame === null && v.isConnected) v.requestVideoFrameCallback(onFrame(v));
  };
  document.addEventListener('playing', (e) => {
    if (e.target instanceof HTMLVideoElement) e.target.requestVideoFrameCallback(onFrame(e.target));
  }, true);
  document.addEventListener('timeupdate', (e) => {
    if (e.target instanceof HTMLVideoElement && e.target.currentTime > 0) seen(e.target, performance.now());
  }, true);
})();`;

interface ProbeReading {
  fcp: number | null;
  firstFrame: number | null;
  src: string | null;
  duration: number | null;
  advanced: number | null;
}

/**
 * The element that played the first frame may have handed the file over to another (the app's
 * frame video to the feed's player, which goes on from the same second): the figures follow
 * the file to the element of the page playing it now.
 */
const readProbe = `(() => {
  const b = window.__bench;
  const playing = [...document.querySelectorAll('video')].find((v) => v.currentSrc === b.src);
  const v = b.video && b.video.isConnected ? b.video : playing || b.video;
  return {
    fcp: b.fcp,
    firstFrame: b.firstFrame,
    src: b.src,
    duration: v && Number.isFinite(v.duration) ? v.duration : null,
    advanced: v ? v.currentTime - b.atFrame : null,
  };
})()`;

/**
 * Polls from outside: the app's Content-Security-Policy forbids the eval that Playwright's
 * waitForFunction uses for a string predicate. False when no frame came in time.
 */
export async function waitForFirstFrame(page: Page, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // A navigation in progress has no page to ask yet.
    const shown = await page
      .evaluate('!!window.__bench && window.__bench.firstFrame !== null')
      .catch(() => false);
    if (shown === true) return true;
    await page.waitForTimeout(250);
  }
  return false;
}

const pathOf = (src: string) => {
  const u = new URL(src);
  return u.pathname + u.search;
};

export interface LoadFigures {
  fcpMs: number | null;
  firstFrameMs: number | null;
  /** The file the page played first, as a path on the server (with any query). */
  videoPath: string | null;
  videoDurationSec: number | null;
  /** Seconds of video that played in the watch after the first frame. */
  advancedSec: number | null;
  /** Video bytes fetched during the watch alone. */
  mediaInWatch: number;
  /** Everything fetched from navigation to the end of the watch. */
  bytes: BytesByGroup;
}

/**
 * Navigates and waits for the first video frame, then watches for `watchMs`.
 * A page that shows no frame within `timeoutMs` reports null rather than failing the run.
 */
export async function measureLoad(
  page: Page,
  log: NetworkLog,
  navigate: () => Promise<unknown>,
  timeoutMs: number,
): Promise<LoadFigures> {
  log.reset();
  await navigate();
  await waitForFirstFrame(page, timeoutMs);
  const mediaAtFrame = log.bytes().Media;
  await page.waitForTimeout(watchMs);
  const r = (await page.evaluate(readProbe)) as ProbeReading;
  const bytes = log.bytes();
  return {
    fcpMs: r.fcp,
    firstFrameMs: r.firstFrame,
    videoPath: r.src ? pathOf(r.src) : null,
    videoDurationSec: r.duration,
    advancedSec: r.firstFrame === null ? null : r.advanced,
    bytes,
    mediaInWatch: bytes.Media - mediaAtFrame,
  };
}
