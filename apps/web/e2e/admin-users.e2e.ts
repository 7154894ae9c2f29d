import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { driverForm } from '../../server/test/auth.js';
import { newUser, nextIp } from '../../server/test/harness.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser();
  admin = await phoneContext(browser, server.url);
  await signIn(await admin.newPage(), '9000000001', 'Admin@1234');
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

const pendingCount = (page: Page) =>
  page.getByTestId('count-pendingDrivers').getByTestId('count-value').textContent();

describe('admin console: users', () => {
  it('blocks a signed-in user, whose open app shows the blocked screen at once', async () => {
    const person = await newUser(server, { name: 'Kishore Blockwala' });
    const userContext = await phoneContext(browser, server.url);
    const userPage = await userContext.newPage();
    await signIn(userPage, person.user.phone, person.password);

    const page = await admin.newPage();
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search by name or number').fill('Blockwala');
    await page.getByRole('link', { name: /Kishore Blockwala/ }).click();
    await page.getByRole('heading', { name: 'Kishore Blockwala' }).waitFor();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByLabel('Reason').fill('Sharing fake accident videos');
    await screenshot(page, 'admin-user-block-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await page.getByText(/Blocked since/).waitFor();
    await screenshot(page, 'admin-user-blocked');

    // At once: the open app hears it on its live stream, before the driver touches anything.
    await userPage.getByRole('heading', { name: 'Account Blocked' }).waitFor();
    await screenshot(userPage, 'admin-user-sees-blocked');
    // And on the next action too: the session itself is refused.
    await userPage.reload();
    await userPage.getByRole('heading', { name: 'Account Blocked' }).waitFor();
    expect(await userPage.getByRole('link', { name: 'Profile' }).count()).toBe(0);
    await userContext.close();

    await page.getByRole('link', { name: 'Audit log' }).click();
    const entry = page.getByRole('listitem').filter({ hasText: 'Kishore Blockwala' });
    await entry.filter({ hasText: 'Sharing fake accident videos' }).waitFor();
    expect(await entry.first().textContent()).toContain('Saathi Admin');
    await screenshot(page, 'admin-audit-log');

    // Unblocking asks first; the optional note lands in the log.
    await page.goBack();
    await page.getByRole('button', { name: 'Unblock' }).click();
    const unblock = page.getByRole('dialog', { name: 'Unblock Kishore Blockwala?' });
    await unblock.getByLabel('Note').fill('Apologised on the phone');
    await screenshot(page, 'admin-user-unblock-dialog');
    await unblock.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await entry.filter({ hasText: 'Apologised on the phone' }).waitFor();
    await page.close();
  });

  it("verifies a pending driver and the dashboard's count goes down live", async () => {
    const form = await driverForm({ name: 'Naveen Pending', number: '9811100022' });
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: nextIp(),
      ...form,
    });
    expect(registered.statusCode).toBe(200);
    const driverId = (registered.json() as { user: { _id: string } }).user._id;

    const dashboard = await admin.newPage();
    await dashboard.goto('/admin');
    await dashboard.getByTestId('count-pendingDrivers').waitFor();
    const before = Number(await pendingCount(dashboard));
    expect(before).toBeGreaterThanOrEqual(1);
    await screenshot(dashboard, 'admin-dashboard');

    const page = await admin.newPage();
    await page.goto(`/admin/users/${driverId}`);
    await page.getByRole('heading', { name: 'Naveen Pending' }).waitFor();
    await page.getByRole('img', { name: 'Driving licence' }).waitFor();
    expect(
      await page
        .getByRole('img', { name: 'Driving licence' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(6);
    await screenshot(page, 'admin-user-driver');
    await page.getByRole('button', { name: 'Verify driver' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();

    await dashboard.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="count-pendingDrivers"] [data-testid="count-value"]')
          ?.textContent === String(expected),
      before - 1,
    );

    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('button', { name: 'एडमिन बनाएँ' }).waitFor();
    await screenshot(page, 'admin-user-driver-hi');
    await dashboard.reload();
    await dashboard.getByText('सत्यापन बाकी ड्राइवर').waitFor();
    await screenshot(dashboard, 'admin-dashboard-hi');
    await page.close();
    await dashboard.close();
  });
});
