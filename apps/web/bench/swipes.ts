import type { CDPSession, Page } from 'playwright-core';
import { itemWindow } from '../src/features/feed/preloadPolicy.js';
import { waitForFirstFrame } from './measure.js';
import type { NetworkLog } from './network-log.js';

export interface DomFigures {
  elements: number;
  images: number;
  videos: number;
  heapMb: number;
}

export interface SwipeFigures {
  swipes: number;
  first: DomFigures;
  after: DomFigures;
  /** Video downloads open after the last swipe; `receiving` got bytes in the last 2 s. */
  open: number;
  receiving: number;
  /** The most video downloads open at once, read after each swipe. */
  peakOpen: number;
  /** Whether the first and last counts were read with the feed's window in place. */
  settled: boolean;
}

const countDom = `({
  elements: document.getElementsByTagName('*').length,
  images: document.images.length,
  videos: document.getElementsByTagName('video').length,
})`;

/** Animation frames the window must hold still before it is counted. */
const stillFrames = 10;
/** Past this the window counts as never settling: the count is read as it is, and flagged. */
const settleTimeoutMs = 15_000;

/**
 * Resolves in the page once the feed's window starts where it should around item `index`
 * (`itemWindow`; its end depends on how many items are loaded, so only stillness speaks for
 * it) and neither the items in the page nor the element count changed for `stillFrames`
 * frames: the active index follows the scroll through an IntersectionObserver and the window
 * follows it a render later, so a count read at once may catch the old window, the new one
 * or both. True when settled, false when it timed out. Plain JavaScript in a string, as in
 * measure.ts.
 */
const settleScript = (index: number, first: number) => `new Promise((resolve) => {
  const started = performance.now();
  const shape = () => {
    const indexes = [...document.querySelectorAll('[data-index]')].map((e) => Number(e.dataset.index));
    const inPlace = Math.min(...indexes) === ${first} && indexes.includes(${index});
    return { key: indexes.join() + '/' + document.getElementsByTagName('*').length, inPlace };
  };
  let previous = shape().key;
  let still = 0;
  const tick = () => {
    const now = shape();
    still = now.inPlace && now.key === previous ? still + 1 : 0;
    previous = now.key;
    if (still >= ${stillFrames}) return resolve(true);
    if (performance.now() - started > ${settleTimeoutMs}) return resolve(false);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

/** Waits for the feed's window around item `index` to be in place and still. */
async function settle(page: Page, index: number): Promise<boolean> {
  const { first } = itemWindow(index, Number.POSITIVE_INFINITY);
  return (await page.evaluate(settleScript(index, first))) === true;
}

async function dom(page: Page, session: CDPSession): Promise<DomFigures> {
  const counts = (await page.evaluate(countDom)) as Omit<DomFigures, 'heapMb'>;
  const { metrics } = await session.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  return { ...counts, heapMb: heap / 1e6 };
}

/** Time on each item: long enough for its player to start, as a driver skimming would. */
const dwellMs = 1200;

/**
 * Opens the feed, then moves to the next item `count` times the way the app's own swipe and
 * arrows do (the next item scrolled into place), and counts what is left in the page.
 */
export async function measureSwipes(
  page: Page,
  session: CDPSession,
  log: NetworkLog,
  count: number,
): Promise<SwipeFigures> {
  await session.send('Performance.enable');
  log.reset();
  await page.goto('/', { waitUntil: 'commit' });
  await waitForFirstFrame(page, 120_000);
  let settled = await settle(page, 0);
  const first = await dom(page, session);
  let peakOpen = 0;
  let swipes = 0;
  for (let index = 1; index <= count; index++) {
    const next = page.locator(`[data-index="${index}"]`);
    const present = await next.waitFor({ state: 'attached', timeout: 60_000 }).then(
      () => true,
      () => false,
    );
    if (!present) break;
    await next.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    swipes = index;
    await page.waitForTimeout(dwellMs);
    peakOpen = Math.max(peakOpen, log.openMedia().open);
  }
  settled = (await settle(page, swipes)) && settled;
  const after = await dom(page, session);
  return { swipes, first, after, ...log.openMedia(), peakOpen, settled };
}
