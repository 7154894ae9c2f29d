import type { Browser, Locator, Page } from 'playwright-core';
import { teamNumbers } from './console.js';
import { phone } from './profiles.js';

/** For each screen: the real team numbers shown, or what was seen instead. */
export type Verdict = { ok: true } | { ok: false; seen: string };

export interface OfflineFigures {
  teamCount: number;
  /** Seconds on the feed until the team numbers and the service worker were on the phone. */
  keptSec: number | null;
  help: Verdict;
  sos: Verdict;
  team: Verdict;
}

/** How long the driver stays on the feed before the network goes; a short first visit. */
const feedVisitMs = 30_000;
const screenWaitMs = 15_000;

const digits = (text: string) => text.replace(/\D/g, '');

async function verdict(links: Locator, numbers: string[]): Promise<Verdict> {
  try {
    await links.first().waitFor({ timeout: screenWaitMs });
    const hrefs = await links.evaluateAll((all) => all.map((l) => l.getAttribute('href') ?? ''));
    const dialled = hrefs.filter((h) => h.startsWith('tel:')).map(digits);
    const missing = numbers.filter((n) => !dialled.includes(digits(n)));
    return missing.length === 0
      ? { ok: true }
      : { ok: false, seen: `missing ${missing.join(', ')}; links ${hrefs.join(' ') || 'none'}` };
  } catch {
    return { ok: false, seen: await shownText(links.page()) };
  }
}

async function shownText(page: Page): Promise<string> {
  const text = await page
    .locator('main, body')
    .first()
    .innerText({ timeout: 2_000 })
    .catch(() => 'no page');
  return `no links; the screen says "${text.replace(/\s+/g, ' ').slice(0, 80)}"`;
}

async function callOurTeam(page: Page, numbers: string[]): Promise<Verdict> {
  try {
    await page.getByRole('button', { name: 'Call Our Team' }).click({ timeout: screenWaitMs });
  } catch {
    return { ok: false, seen: `no Call Our Team button; ${await shownText(page)}` };
  }
  const dialog = page.getByRole('dialog', { name: 'Call Our Team' });
  return verdict(dialog.locator('a[href^="tel:"]:not([href="tel:112"])'), numbers);
}

async function open(page: Page, path: string): Promise<boolean> {
  return page.goto(path).then(
    () => true,
    () => false,
  );
}

/**
 * A new phone signs in, visits only the feed, and loses the network: Help, the SOS fallback
 * (/emergency) and Call Our Team must show the team's numbers from the phone. Service workers
 * are allowed here: the worker is what opens a screen with no network.
 */
export async function measureOfflineHelp(
  browser: Browser,
  url: string,
  token: string,
): Promise<OfflineFigures> {
  const numbers = await teamNumbers(url, token);
  const context = await browser.newContext({ ...phone, serviceWorkers: 'allow', baseURL: url });
  try {
    await context.addCookies([{ name: 'Token', value: token, url }]);
    const page = await context.newPage();
    const visited = Date.now();
    await page.goto('/');
    const keptSec = await page
      .waitForFunction(
        () =>
          localStorage.getItem('saathi.teamContacts') !== null &&
          navigator.serviceWorker.controller !== null,
        undefined,
        { timeout: feedVisitMs },
      )
      .then(
        () => (Date.now() - visited) / 1000,
        () => null,
      );
    await context.setOffline(true);

    const fallback = page.getByTestId('offline-help').first().getByRole('link');
    const help = (await open(page, '/help'))
      ? await verdict(fallback, numbers)
      : { ok: false as const, seen: 'the screen did not open' };

    const team = await callOurTeam(page, numbers);

    const sos = (await open(page, '/emergency'))
      ? await verdict(fallback, numbers)
      : { ok: false as const, seen: 'the screen did not open' };
    return { teamCount: numbers.length, keptSec, help, sos, team };
  } finally {
    await context.close();
  }
}
