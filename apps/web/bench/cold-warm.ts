import type { Browser, BrowserContext } from 'playwright-core';
import { measureLoad, probeScript, type LoadFigures } from './measure.js';
import { NetworkLog, type QuietWait } from './network-log.js';
import { phone, throttle, type NetworkProfile } from './profiles.js';

/** Past this a page counts as showing no frame: the run goes on rather than hang. */
const frameTimeoutMs = 150_000;
/** Nothing in flight for this long counts as the cold tab's downloads having ended. */
const quietMs = 1000;
/** A download that never ends (a stalled or parked one) holds the warm start no longer. */
export const quietCapMs = 30_000;

/** A fresh context (empty cache), signed in when a token is given. */
export async function phoneContext(browser: Browser, url: string, token?: string) {
  const context = await browser.newContext({ ...phone, baseURL: url });
  if (token) await context.addCookies([{ name: 'Token', value: token, url }]);
  await context.addInitScript(probeScript);
  return context;
}

/** A new tab of `context`, throttled, with its own network log. */
export async function throttledTab(context: BrowserContext, profile: NetworkProfile) {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const log = new NetworkLog(session);
  await throttle(session, profile);
  return { page, session, log };
}

export interface ColdAndWarm {
  cold: LoadFigures;
  warm: LoadFigures;
  /** How the wait for the cold tab's network to fall quiet, before the warm load, ended. */
  settle: QuietWait;
}

/**
 * Cold (a fresh context: empty cache) then warm (the cold tab closed, a new tab in the same
 * context: the HTTP cache kept), for one page. Warm is how a driver comes back to the app,
 * from the home screen after it went to the background, not a reload: a reload would also
 * time the unloading of the page before it, which a driver coming back never waits for.
 */
export async function coldAndWarm(
  browser: Browser,
  url: string,
  profile: NetworkProfile,
  path: string,
  token?: string,
): Promise<ColdAndWarm> {
  const context = await phoneContext(browser, url, token);
  try {
    const first = await throttledTab(context, profile);
    const cold = await measureLoad(
      first.page,
      first.log,
      () => first.page.goto(path, { waitUntil: 'commit' }),
      frameTimeoutMs,
    );
    // After its 3 s watch the cold tab is still fetching (the rest of the video, the next
    // one's first seconds, posters), more or less so from round to round. Closed mid-way,
    // those downloads are cancelled and the warm tab finds a cache holding more or less of
    // them; left running beside it, they would compete with the warm load for the CPU and
    // for the cache's entries. Either way the warm figure would measure the cold tab's luck.
    const settle = await first.log.whenQuiet(quietMs, quietCapMs);
    await first.page.close();
    const again = await throttledTab(context, profile);
    const warm = await measureLoad(
      again.page,
      again.log,
      () => again.page.goto(path, { waitUntil: 'commit' }),
      frameTimeoutMs,
    );
    return { cold, warm, settle };
  } finally {
    await context.close();
  }
}
