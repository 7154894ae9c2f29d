import type { CDPSession, Page } from 'playwright-core';
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
}

const countDom = `({
  elements: document.getElementsByTagName('*').length,
  images: document.images.length,
  videos: document.getElementsByTagName('video').length,
})`;

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
  const after = await dom(page, session);
  return { swipes, first, after, ...log.openMedia(), peakOpen };
}
