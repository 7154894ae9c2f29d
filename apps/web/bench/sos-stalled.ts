import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page, Route } from 'playwright-core';
import { driverRequests } from './console.js';
import { phone } from './profiles.js';

export interface SosFigures {
  /** From the countdown's end until the fallback links show; null if they never did. */
  fallbackSec: number | null;
  /** Which fallback links showed: team tel: links, sms: and tel:112. */
  links: { team: number; sms: boolean; emergency: boolean };
  /** SOS requests of the driver in the console once the link came back, and their asks. */
  requests: number;
  repeats: number;
  /** From the release of the link until the console had the request; null if never. */
  deliveredSec: number | null;
}

/** Vapi, Gujarat, on NH48. */
const vapi = { latitude: 20.3893, longitude: 72.9106 };
/** Past the app's own retry (every 30 s), with room for a slow phone. */
const deliveryWaitMs = 75_000;

async function fallbackLinks(page: Page): Promise<SosFigures['links']> {
  const hrefs = await page
    .getByTestId('offline-help')
    .first()
    .getByRole('link')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  return {
    team: hrefs.filter((h) => h.startsWith('tel:') && h !== 'tel:112').length,
    sms: hrefs.some((h) => h.startsWith('sms:')),
    emergency: hrefs.includes('tel:112'),
  };
}

/**
 * SOS on a link that looks up but never answers: the SOS POST is held by the page's route
 * (the e2e relay cuts and throttles, it does not stall) until the bench lets it through.
 */
export async function measureSosStalled(
  browser: Browser,
  url: string,
  token: string,
  adminToken: string,
): Promise<SosFigures> {
  const context = await browser.newContext({ ...phone, baseURL: url });
  try {
    await context.addCookies([{ name: 'Token', value: token, url }]);
    await context.grantPermissions(['geolocation'], { origin: url });
    await context.setGeolocation(vapi);
    const page = await context.newPage();
    await page.goto('/emergency');
    // A driver who opened the app once has the team's numbers on the phone.
    await page.waitForFunction(() => localStorage.getItem('saathi.teamContacts') !== null);
    const before = (await driverRequests(url, adminToken)).filter((r) => r.source === 'sos');

    const held: Route[] = [];
    await page.route('**/api/v1/request', (route) => void held.push(route));
    await page.getByRole('button', { name: 'SOS: send my location to the team' }).click();
    const countdown = page.getByTestId('sos-countdown');
    await countdown.waitFor();
    await countdown.waitFor({ state: 'detached', timeout: 10_000 });
    const countdownEnd = Date.now();
    const shown = await page
      .getByTestId('offline-help')
      .first()
      .waitFor({ timeout: 60_000 })
      .then(
        () => true,
        () => false,
      );
    const fallbackSec = shown ? (Date.now() - countdownEnd) / 1000 : null;
    const links = shown ? await fallbackLinks(page) : { team: 0, sms: false, emergency: false };

    // The link comes back: the held POST arrives late, and the phone's own retry follows.
    const released = Date.now();
    await page.unroute('**/api/v1/request');
    for (const route of held) await route.continue().catch(() => undefined);
    let deliveredSec: number | null = null;
    let sos = before;
    while (Date.now() - released < deliveryWaitMs) {
      sos = (await driverRequests(url, adminToken)).filter((r) => r.source === 'sos');
      const waiting = await page.getByText('Waiting for network').count();
      if (sos.length > before.length) deliveredSec ??= (Date.now() - released) / 1000;
      if (deliveredSec !== null && waiting === 0) break;
      await sleep(500);
    }
    // Anything sent twice would arrive now.
    await sleep(3_000);
    sos = (await driverRequests(url, adminToken)).filter((r) => r.source === 'sos');
    const fresh = sos.filter((r) => !before.some((b) => b._id === r._id));
    return {
      fallbackSec,
      links,
      requests: fresh.length,
      repeats: fresh.reduce((n, r) => n + r.repeatCount, 0),
      deliveredSec,
    };
  } finally {
    await context.close();
  }
}
