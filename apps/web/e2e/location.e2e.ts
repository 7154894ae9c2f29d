import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const lucknow = { latitude: 26.846694, longitude: 80.946166 };
// Half a kilometre on: the server refuses a jump no vehicle could drive since the last report.
const hazratganj = { latitude: 26.85, longitude: 80.95 };

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
  context = await phoneContext(browser, server.url);
  await context.grantPermissions(['geolocation'], { origin: server.url });
  await context.setGeolocation(lucknow);
  page = await context.newPage();
  await signIn(page, '+91 9000000002', 'Driver@1234');
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

/** The server's view, through the same call the app uses, with the page's own token. */
async function api(path: string): Promise<Record<string, unknown>> {
  const token = (await context.cookies()).find((c) => c.name === 'Token')?.value ?? '';
  const res = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const status = () => page.getByRole('status').filter({ hasText: /location/i });

describe('location services', () => {
  it('gets, refreshes and resets the location, and the server keeps the last one', async () => {
    await page.goto('/location');
    await page.getByText('Ready to get location').waitFor();
    await page.getByText('A browser cannot send it in the background', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Get Current Location' }).click();
    await page.getByText('Location obtained successfully').waitFor();
    expect(await page.getByTestId('latitude').textContent()).toBe('26.846694');
    expect(await page.getByTestId('longitude').textContent()).toBe('80.946166');
    await page.getByTestId('address').getByText('Lucknow').waitFor();
    expect(await stored('locationPermissionRequested')).not.toBeNull();
    expect(JSON.parse((await stored('lastKnownLocation')) ?? '{}')).toMatchObject(lucknow);
    await screenshot(page, 'location-en');

    await context.setGeolocation(hazratganj);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Location refreshed').waitFor();
    expect(await page.getByTestId('latitude').textContent()).toBe('26.850000');
    expect(await page.getByTestId('longitude').textContent()).toBe('80.950000');
    await page.getByTestId('address').getByText('Lucknow').waitFor();

    await expect
      .poll(
        async () => ((await api('/api/v1/location/last')).location as typeof hazratganj).latitude,
      )
      .toBe(hazratganj.latitude);

    await page.getByRole('button', { name: 'Reset Location' }).click();
    await page.getByText('Ready to get location').waitFor();
    expect(await page.getByTestId('latitude').textContent()).toBe('—');
    expect(await stored('lastKnownLocation')).toBeNull();
    expect(await status().count()).toBe(1);

    await page.evaluate(() => localStorage.setItem('saathi.language', 'hi'));
    await page.reload();
    await page.getByText('लोकेशन लेने के लिए तैयार').waitFor();
    await page.getByRole('button', { name: 'मौजूदा लोकेशन लें' }).click();
    await page.getByText('लोकेशन मिल गई').waitFor();
    await page.getByTestId('address').getByText('Lucknow').waitFor();
    await screenshot(page, 'location-hi');
    await page.evaluate(() => localStorage.setItem('saathi.language', 'en'));
  });
});

describe('Dhuhr Salah page', () => {
  it('opens in Hindi, shows Arabic right to left, and keeps the reminder switch after reload', async () => {
    await page.goto('/salah');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await tab('HI').waitFor();
    expect(await tab('HI').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'ज़ुहर की नमाज़' }).waitFor();
    await tab('AR').click();
    await page.getByRole('heading', { name: 'صلاة الظهر' }).waitFor();
    expect(await page.getByRole('tabpanel').getAttribute('dir')).toBe('rtl');
    await tab('EN').click();
    await page.getByRole('heading', { name: 'Dhuhr, the midday prayer' }).waitFor();

    const toggle = page.getByRole('switch', { name: 'Remind for Salah' });
    await page.getByText('Salah reminder is OFF').waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/update/salah'));
    await toggle.click();
    await page.getByText('Salah reminder is ON').waitFor();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'salah-en');

    await page.reload();
    await page.getByText('Salah reminder is ON').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(((await api('/api/v1/me')).user as { remindSalah: string }).remindSalah).toBe('on');

    const savedOff = page.waitForResponse((r) => r.url().endsWith('/api/v1/update/salah'));
    await toggle.click();
    await page.getByText('Salah reminder is OFF').waitFor();
    expect((await savedOff).status()).toBe(200);
    await page.reload();
    await page.getByText('Salah reminder is OFF').waitFor();

    await page.evaluate(() => localStorage.setItem('saathi.language', 'hi'));
    await page.reload();
    await page.getByText('नमाज़ रिमाइंडर बंद है').waitFor();
    await screenshot(page, 'salah-hi');
  });
});
