import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { helpRequests } from '../../server/src/db/schema/index.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

/** Vapi, Gujarat, on NH48. */
const vapi = { latitude: 20.3893, longitude: 72.9106 };

let server: E2eServer;
let browser: Browser;
let driverContext: BrowserContext;
let driver: Page;
let admin: Page;

async function sosCount(): Promise<number> {
  const ramesh = await demoUser(server, '+919000000002');
  const rows = await server.database.db
    .select()
    .from(helpRequests)
    .where(and(eq(helpRequests.userId, ramesh?.id ?? ''), eq(helpRequests.source, 'sos')));
  return rows.length;
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
  driverContext = await phoneContext(browser, server.url);
  await driverContext.grantPermissions(['geolocation'], { origin: server.url });
  await driverContext.setGeolocation(vapi);
  driver = await driverContext.newPage();
  admin = await (await phoneContext(browser, server.url)).newPage();
  await signIn(driver, '+91 9000000002', 'Driver@1234');
  await signIn(admin, '+91 9000000001', 'Admin@1234');
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

describe('help requests from the road to the admin console', () => {
  it('the driver sees the location line and the five emergency numbers', async () => {
    await driver.goto('/help');
    await driver.getByRole('heading', { name: 'Help', exact: true }).waitFor();
    await driver.getByText('20.389300, 72.910600').waitFor();
    await screenshot(driver, 'help-01-screen');
    await driver.getByRole('button', { name: 'Emergency Call' }).click();
    const modal = driver.getByRole('dialog', { name: 'Choose Emergency Number' });
    await modal.waitFor();
    const hrefs = await modal
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs).toEqual(['tel:100', 'tel:108', 'tel:101', 'tel:112', 'tel:1091']);
    await modal.getByText('Women Helpline').waitFor();
    await screenshot(driver, 'help-02-emergency-numbers');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('a Call Our Team tap reaches the admin live; the admin claims and answers; the driver is told', async () => {
    await admin.goto('/admin/help');
    await admin.getByRole('heading', { name: 'Help requests' }).waitFor();
    await admin.getByText('No help requests here.').waitFor();

    await driver.getByRole('button', { name: 'Call Our Team' }).click();
    const team = driver.getByRole('dialog', { name: 'Call Our Team' });
    await team.getByRole('link', { name: /Support Team/ }).waitFor();
    await screenshot(driver, 'help-03-team');
    // The dialer cannot open in a test browser; the tap must still send the request.
    await team
      .getByRole('link', { name: /Support Team/ })
      .evaluate((link) => link.addEventListener('click', (e) => e.preventDefault()));
    await team.getByRole('link', { name: /Support Team/ }).click();
    await driver.getByText('Request sent to Admin').waitFor();

    const card = admin.getByTestId('help-request').filter({ hasText: 'Ramesh Kumar' });
    await card.waitFor();
    await card.getByText('+919000000002').waitFor();
    await card.getByText(/Support Team · \+91 90000 20001/).waitFor();
    expect(await card.getByRole('link', { name: /Open map/ }).getAttribute('href')).toBe(
      'https://www.google.com/maps?q=20.389300,72.910600',
    );
    await screenshot(admin, 'help-04-admin-queue');

    await card.getByRole('button', { name: 'Claim' }).click();
    await card.getByText('Claimed by Saathi Admin').waitFor();
    await card.getByRole('button', { name: 'Notes and answer' }).click();
    await card.getByLabel('Add a note (team only)').fill('Called him, he is safe at the dhaba');
    await card.getByRole('button', { name: 'Add note' }).click();
    // The note joins the list (the box empties), so the answer below is not sent half-typed.
    await card
      .getByRole('listitem')
      .filter({ hasText: 'Called him, he is safe at the dhaba' })
      .waitFor();
    await expect.poll(() => card.getByLabel('Add a note (team only)').inputValue()).toBe('');
    await card
      .getByLabel('Answer for the driver')
      .fill('A mechanic from Vapi is coming in 20 minutes.');
    await card.getByRole('button', { name: 'Resolve and send answer' }).click();
    // Resolved requests leave the open queue.
    await admin.getByText('No help requests here.').waitFor();

    await driver.getByText('Our team answered your help request').first().waitFor();
    await driver.goto('/notification');
    await driver.getByText('A mechanic from Vapi is coming in 20 minutes.').waitFor();
    await screenshot(driver, 'help-05-answer');
  });

  it('SOS: a cancelled countdown sends nothing; offline offers SMS; online it sends', async () => {
    await driver.goto('/emergency');
    const sos = driver.getByRole('button', { name: 'SOS: send my location to the team' });
    await sos.click();
    await driver.getByTestId('sos-countdown').waitFor();
    await screenshot(driver, 'help-06-sos-countdown');
    await driver.getByRole('button', { name: 'Cancel SOS' }).click();
    await driver.getByText('SOS cancelled. Nothing was sent.').waitFor();

    await driverContext.setOffline(true);
    await sos.click();
    const sms = driver.getByRole('link', { name: 'Send SMS to Support Team' });
    await sms.waitFor();
    const href = (await sms.getAttribute('href')) ?? '';
    expect(href.startsWith('sms:+919000020001?body=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('https://www.google.com/maps?q=20.389300,72.910600');
    await screenshot(driver, 'help-07-sos-offline');
    await driverContext.setOffline(false);

    await sos.click();
    await driver.getByText('SOS sent. Our team has your location.').waitFor();
    // The cancelled press sent nothing; the offline one waited on the phone and went out when
    // the network returned, and the last press is a repeat of it: one SOS for the team.
    expect(await sosCount()).toBe(1);
  });

  it('reads in Hindi too', async () => {
    await driver.getByRole('button', { name: 'हिन्दी' }).click();
    await driver.getByRole('button', { name: 'SOS: मेरी लोकेशन टीम को भेजें' }).waitFor();
    await screenshot(driver, 'help-08-hi-emergency');
    await driver.goto('/help');
    await driver.getByRole('button', { name: 'इमरजेंसी कॉल' }).click();
    await driver.getByRole('dialog', { name: 'इमरजेंसी नंबर चुनें' }).getByText('पुलिस').waitFor();
    await screenshot(driver, 'help-09-hi-emergency-numbers');
    await admin.getByRole('button', { name: 'हिन्दी' }).click();
    await admin.getByRole('tab', { name: 'सभी' }).click();
    await admin.getByTestId('help-request').first().waitFor();
    await screenshot(admin, 'help-10-hi-admin');
  });
});
