import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

const shots = fileURLToPath(new URL('../../../../test-results/e2e', import.meta.url));

/** Chromium's fake microphone and camera, with the permission prompt answered yes. */
export const fakeMediaArgs = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
] as const;

const browsers = new Map<string, Promise<Browser>>();

/**
 * Debian's `chromium-headless-shell`: the same Blink, V8 and media stack without the desktop
 * browser around it, as Playwright itself runs headless tests. It took about half the CPU of
 * the whole browser for the same journeys (75 against 140 core-seconds for four files), and
 * Chromium was the largest part of the suite's CPU. It has no push messaging or Background
 * Sync: a test of those asks for the whole browser. CHROMIUM_PATH names one binary for all.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';

function executable(whole: boolean): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return whole || !existsSync(headlessShell) ? '/usr/bin/chromium' : headlessShell;
}

/**
 * Debian's Chromium (browsers are never downloaded on these machines), one per process for
 * each set of flags. A test worker runs file after file (isolate: false), and starting
 * Chromium for each file and for some tests was about a second of CPU each time. Files and
 * tests stay apart by their contexts, each with its own cookies, storage, cache and service
 * workers, which releaseBrowser closes. Chromium ends with the process.
 * `whole`: the whole browser, for push messaging and Background Sync; otherwise the headless
 * shell where it is installed.
 */
export function sharedBrowser(
  opts: { args?: readonly string[]; whole?: boolean } = {},
): Promise<Browser> {
  const executablePath = executable(opts.whole ?? false);
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...(opts.args ?? []),
  ];
  const key = [executablePath, ...args].join(' ');
  const known = browsers.get(key);
  if (known) return known;
  const launched = chromium.launch({ executablePath, args });
  browsers.set(key, launched);
  // A browser that crashed or was closed is launched anew for the next file.
  const forget = () => browsers.delete(key);
  launched.then((b) => b.on('disconnected', forget), forget);
  return launched;
}

/** Closes what a file or test opened in the shared browser: its contexts, with their pages. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/** A context the size of a cheap Android phone, with touch; `extra` adds or overrides options. */
export function phoneContext(
  browser: Browser,
  baseURL: string,
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    // Phones in India run on IST, and card dates are Indian dates: a UTC browser would see
    // a card issued after 18:30 UTC as issued 'tomorrow'.
    timezoneId: 'Asia/Kolkata',
    ...extra,
  });
}

/** Kept under test-results/e2e so a person can look at what the test saw. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png` });
}
