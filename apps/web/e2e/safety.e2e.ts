import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pngImage } from '../../server/test/fixtures.js';
import { mediaDir } from '../../server/test/fixtures-media.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
let media: Awaited<ReturnType<typeof mediaDir>>;

beforeAll(async () => {
  media = await mediaDir();
  server = await startE2eServer();
  browser = await sharedBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
  await media?.cleanup();
});

describe('driver safety cautions', () => {
  it('the admin posts a caution with a photo; once processed a driver finds it from Business', async () => {
    const photo = join(media.dir, 'blind-curve.png');
    await writeFile(photo, pngImage(800, 600));

    const admin = await (await phoneContext(browser, server.url)).newPage();
    await signIn(admin, '+91 9000000001', 'Admin@1234');
    await admin.goto('/admin/content');
    await admin.getByRole('tab', { name: 'Safety cautions' }).click();
    await admin.getByRole('button', { name: 'Add safety caution' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByLabel('Caution note')
      .fill('Blind curve after the Kasara ghat tunnel: slow down');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please add an image or a video').waitFor();
    await dialog.getByLabel('Image').setInputFiles(photo);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The worker strips the photo's metadata and resizes it; the list follows its state.
    await admin
      .getByRole('listitem')
      .filter({ hasText: 'Blind curve after the Kasara ghat tunnel' })
      .getByText('Shown to drivers')
      .waitFor({ timeout: 30_000 });
    await screenshot(admin, 'safety-admin-ready');

    const driver = await (await phoneContext(browser, server.url)).newPage();
    await signIn(driver, '+91 9000000002', 'Driver@1234');
    await driver.getByRole('link', { name: 'Business' }).click();
    await driver.getByRole('link', { name: 'Driver safety cautions' }).click();
    await driver.waitForURL('**/safety');
    const entry = driver
      .getByRole('listitem')
      .filter({ hasText: 'Blind curve after the Kasara ghat tunnel' });
    await entry.waitFor();
    const image = entry.getByRole('img');
    await image.waitFor();
    // The picture really loads from /media (not a broken image).
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(driver, 'safety-driver-list');
    await admin.context().close();
    await driver.context().close();
  });
});
