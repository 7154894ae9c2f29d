import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { helpCalls, type HelpRequestView } from '@saathi/contract';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

/** Vapi, Gujarat, on NH48. */
const vapi = { latitude: 20.3893, longitude: 72.9106 };
/** The demo team numbers (apps/server/src/seed/demo.ts). */
const seededTeam = ['tel:+919000020001', 'tel:+919000020002', 'tel:+919000020003'];

let server: E2eServer;
let browser: Browser;

/** The admin console's list, asked of the API as an admin. */
async function driverRequests(): Promise<HelpRequestView[]> {
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ number: '+919000000001', password: 'Admin@1234' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const list = await fetch(`${server.url}${helpCalls.adminList.path}?status=all&limit=50`, {
    headers: { Authorization: `Bearer ${Token}` },
  });
  const { requests } = (await list.json()) as { requests: HelpRequestView[] };
  return requests.filter((r) => r.user.number === '+919000000002');
}

async function driverPage(on: Browser = browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(on, server.url);
  await context.grantPermissions(['geolocation'], { origin: server.url });
  await context.setGeolocation(vapi);
  const page = await context.newPage();
  await signIn(page, '+91 9000000002', 'Driver@1234');
  return { context, page };
}

async function fallbackHrefs(page: Page): Promise<string[]> {
  const fallback = page.getByTestId('offline-help').first();
  await fallback.waitFor();
  return fallback
    .getByRole('link')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

describe('help on a bad network', () => {
  it('offline after visiting only the feed: Help, SOS and Call Our Team show the real team numbers', async () => {
    const { context, page } = await driverPage();
    // The first signed-in screen keeps the help on the phone; the worker takes charge.
    await page.waitForFunction(() => localStorage.getItem('saathi.teamContacts') !== null);
    await page.waitForFunction(
      async () => (await (await caches.open('help-pictures')).keys()).length === 3,
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await context.setOffline(true);

    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    const hrefs = await fallbackHrefs(page);
    expect(hrefs).toEqual(expect.arrayContaining([...seededTeam, 'tel:112']));
    const sms = hrefs.find((h) => h.startsWith('sms:+919000020001?body=')) ?? '';
    expect(decodeURIComponent(sms)).toContain('https://www.google.com/maps?q=20.389300,72.910600');
    // The help pictures come from the phone.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img[src^="/help/"]')].every(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    );
    await screenshot(page, 'help-offline-01-help');

    await page.getByRole('button', { name: 'Call Our Team' }).click();
    const team = page.getByRole('dialog', { name: 'Call Our Team' });
    await team.getByRole('link', { name: /Technical Team/ }).waitFor();
    expect(await team.getByText('Loading team numbers...').count()).toBe(0);
    expect(await team.locator('a[href="tel:112"]').count()).toBe(1);
    await screenshot(page, 'help-offline-02-team');
    await team.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/emergency');
    expect(await fallbackHrefs(page)).toEqual(expect.arrayContaining([...seededTeam, 'tel:112']));
    await screenshot(page, 'help-offline-03-emergency');
    await context.close();
  });

  it('a request made offline waits on the phone and is sent once when the network returns', async () => {
    const before = (await driverRequests()).length;
    const { context, page } = await driverPage();
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    // The app is on the phone (its worker in charge) before the network goes: what is tried
    // here is the request's wait, not a first visit cut off while its screens still load.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByText('Waiting for network').waitFor();
    await screenshot(page, 'help-offline-04-waiting');
    await context.setOffline(false);
    await page.getByText('Waiting for network').waitFor({ state: 'detached' });
    await expect.poll(async () => (await driverRequests()).length).toBe(before + 1);
    // Nothing more arrives later.
    await page.waitForTimeout(1500);
    expect((await driverRequests()).length).toBe(before + 1);
    await context.close();
  });

  it('with the app closed, Background Sync sends the waiting request once', async () => {
    // A repeat within the hour joins the driver's open request (repeatCount), so the sends
    // are counted, not the rows.
    const sends = async () => (await driverRequests()).reduce((n, r) => n + r.repeatCount, 0);
    const before = await sends();
    // The whole browser: the headless shell has no Background Sync.
    const { context, page } = await driverPage(await sharedBrowser({ whole: true }));
    // Chrome grants it to sites by default; a test context starts with nothing granted.
    await context.grantPermissions(['geolocation', 'background-sync'], { origin: server.url });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByText('Waiting for network').waitFor();
    // The page asked the browser for a sync of its outbox.
    const tags = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    });
    expect(tags).toContain('saathi-help-outbox');

    // The app is gone: only the service worker can send the request now.
    await page.goto('about:blank');
    await context.setOffline(false);
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registered,
      tag: 'saathi-help-outbox',
      lastChance: false,
    });
    await expect.poll(sends).toBe(before + 1);
    await page.waitForTimeout(1500);
    expect(await sends()).toBe(before + 1);
    await context.close();
  });

  it('SOS on a stalled link: the links within 10 s after the countdown, then exactly one request', async () => {
    const { context, page } = await driverPage();
    await page.goto('/emergency');
    const held: Route[] = [];
    // The POST leaves the phone and no answer comes, as on patchy 3G.
    await page.route('**/api/v1/request', (route) => void held.push(route));
    const sos = page.getByRole('button', { name: 'SOS: send my location to the team' });
    await sos.click();
    await page.getByTestId('sos-countdown').waitFor();
    await page.getByRole('button', { name: 'Sending SOS...' }).waitFor({ timeout: 7_000 });
    const sentAt = Date.now();
    await page.getByTestId('offline-help').waitFor({ timeout: 11_000 });
    expect(Date.now() - sentAt).toBeLessThan(11_000);
    const hrefs = await fallbackHrefs(page);
    expect(hrefs).toEqual(expect.arrayContaining([...seededTeam, 'tel:112']));
    await page.getByText('Waiting for network').waitFor();
    await page.getByRole('button', { name: 'Cancel request' }).waitFor();
    await screenshot(page, 'help-offline-05-sos-stalled');
    expect(held).toHaveLength(1);

    // The link comes back: the held request arrives late, and the phone sends it again.
    for (const route of held) await route.continue();
    await page.unroute('**/api/v1/request');
    await context.setOffline(true);
    await context.setOffline(false);
    await page.getByText('Waiting for network').waitFor({ state: 'detached', timeout: 40_000 });
    await expect
      .poll(async () => (await driverRequests()).filter((r) => r.source === 'sos').length)
      .toBe(1);
    const [sosRequest] = (await driverRequests()).filter((r) => r.source === 'sos');
    expect(sosRequest?.repeatCount).toBe(1);
    await screenshot(page, 'help-offline-06-sos-delivered');
    await context.close();
  }, 90_000);
});
