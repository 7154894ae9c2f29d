import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eraseDecidedIdentityImages } from '../../server/src/features/account/identity-images.js';
import { driverForm } from '../../server/test/auth.js';
import { bearer, nextIp } from '../../server/test/harness.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const number = '+91 9000000003';
const password = 'User@1234';

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
  context = await phoneContext(browser, server.url);
  page = await context.newPage();
  await signIn(page, number, password, '/end/user/login');
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
});

describe("the driver's rights over their data, from the profile", () => {
  it('prepares a download of my data and hands over the ZIP', async () => {
    await page.goto('/my/profile');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByRole('dialog', { name: 'Download my data' }).waitFor();
    await page.getByRole('button', { name: 'Prepare my data' }).click();
    const link = page.getByTestId('export-download');
    await link.waitFor({ timeout: 30_000 });
    await screenshot(page, 'account-export-ready');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^saathi-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await download.path()) ?? '');
    // A ZIP starts with its local file header's signature.
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.includes(Buffer.from('account.json'))).toBe(true);
  });

  it('asks for the password, shows the grace period and keeps the account on request', async () => {
    await page.goto('/my/profile');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Delete my account' }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Please enter your password to delete your account').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('The password is not correct').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Delete my account' }).click();

    const banner = page.getByTestId('deletion-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Your account will be deleted on/);
    await screenshot(page, 'account-deletion-banner');
    await banner.getByRole('button', { name: 'Keep my account' }).click();
    await banner.waitFor({ state: 'detached' });
  });

  it('is cancelled by signing in again within the grace period', async () => {
    await page.goto('/my/account/delete');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByTestId('deletion-banner').waitFor();

    // Signing out ends with the 'Logout success' alert and a move to /login; a driver signs in
    // again only after that, and a navigation started earlier races the app's own. The alert
    // is accepted as it opens: the click waits for the navigation it schedules, which an alert
    // left open would hold for ever.
    const shown: string[] = [];
    page.once('dialog', (dialog) => {
      shown.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(shown).toEqual(['Logout success']);
    await signIn(page, number, password, '/end/user/login');
    await page.goto('/my/profile');
    await page.getByTestId('my-name').waitFor();
    expect(await page.getByTestId('deletion-banner').count()).toBe(0);
  });

  it("shows in the console that a verified driver's identity images were erased", async () => {
    const form = await driverForm({ name: 'Erased Images', number: '9811100077' });
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: nextIp(),
      ...form,
    });
    expect(registered.statusCode).toBe(200);
    const driverId = (registered.json() as { user: { _id: string } }).user._id;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: nextIp(),
      payload: { number: '9000000001', password: 'Admin@1234' },
    });
    const adminToken = (login.json() as { Token: string }).Token;
    const verified = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${driverId}/verification`,
      headers: bearer(adminToken),
      payload: { outcome: 'verified' },
    });
    expect(verified.statusCode).toBe(200);
    // The retention (30 days) has passed when the daily job runs.
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(
      await eraseDecidedIdentityImages(
        { db: server.database.db, storage: server.storage },
        30,
        later,
      ),
    ).toBe(3);

    const admin = await phoneContext(browser, server.url);
    const consolePage = await admin.newPage();
    await signIn(consolePage, '9000000001', 'Admin@1234');
    await consolePage.goto(`/admin/users/${driverId}`);
    await consolePage.getByRole('heading', { name: 'Erased Images' }).waitFor();
    await consolePage.getByTestId('document-erased').first().waitFor();
    expect(await consolePage.getByTestId('document-erased').count()).toBe(3);
    expect(await consolePage.getByTestId('document-erased').first().textContent()).toMatch(
      /^Erased on .+, after the verification decision$/,
    );
    expect(await consolePage.getByRole('img', { name: 'Driving licence' }).count()).toBe(0);
    await screenshot(consolePage, 'admin-identity-images-erased');
    await consolePage.getByRole('button', { name: 'हिन्दी' }).click();
    await consolePage
      .getByText(/को मिटाया गया, सत्यापन के फ़ैसले के बाद/)
      .first()
      .waitFor();
    await screenshot(consolePage, 'admin-identity-images-erased-hi');
    await admin.close();
  });
});
