import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPost } from '../../server/test/feed-factories.js';
import { pngImage } from '../../server/test/fixtures.js';
import { ffmpeg, mediaDir } from '../../server/test/fixtures-media.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
/** Priya Sharma, the demo user, who reports. */
let user: Page;
/** The demo admin. */
let admin: Page;
let postId = '';

const openPage = async () => (await phoneContext(browser, server.url)).newPage();

beforeAll(async () => {
  server = await startE2eServer();
  const ramesh = await demoUser(server, '+919000000002');
  // A short video post by the driver (a real clip, so the console plays it inline).
  const post = await newPost(server, ramesh.id, {
    caption: 'Fake accident on NH44, share fast',
    emergency: true,
  });
  postId = post.id;
  const media = await mediaDir();
  const clip = join(media.dir, 'clip.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=360x640:rate=15',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    clip,
  ]);
  await server.storage.put(post.videoKey ?? '', Readable.from([await readFile(clip)]), 'video/mp4');
  await server.storage.put(post.posterKey ?? '', Readable.from([pngImage(360, 640)]), 'image/png');
  await media.cleanup();
  browser = await sharedBrowser();
  user = await openPage();
  admin = await openPage();
  await signIn(user, '+91 9000000003', 'User@1234');
  await signIn(admin, '+91 9000000001', 'Admin@1234');
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

describe('admin console: reports and content', () => {
  it('a user reports a post; the admin removes it with a reason; the user is told and the post is gone', async () => {
    const item = user.locator(`article[data-post="${postId}"][data-kind="video"]`);
    await item.waitFor();
    await item.getByRole('button', { name: 'Report' }).click();
    await user.getByLabel('Reason for Report *').fill('This accident is fake and spreads panic');
    await user.getByRole('button', { name: 'Submit Report' }).click();
    await user.getByText('Video reported successfully! Admin will review it.').waitFor();

    await admin.goto('/admin/reports');
    const card = admin.getByTestId('reported-post');
    await card.getByText('This accident is fake and spreads panic').waitFor();
    await card.getByText('Priya Sharma').waitFor();
    await card.getByText('Emergency').waitFor();
    expect(await card.count()).toBe(1);
    await screenshot(admin, 'admin-reports-queue');

    await card.getByRole('button', { name: 'Remove post' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Remove post' }).click();
    await dialog.getByText('Please write a reason').waitFor();
    await dialog.getByLabel('Reason (required)').fill('False emergency, causes panic');
    await screenshot(admin, 'admin-reports-remove-dialog');
    await dialog.getByRole('button', { name: 'Remove post' }).click();
    await admin.getByText('No open reports. Nothing needs a decision.').waitFor();
    await screenshot(admin, 'admin-reports-empty');

    await user.reload();
    await user
      .getByTestId('feed-item')
      .first()
      .or(user.getByText(/no videos/i))
      .waitFor();
    // The phone's saved copy of the feed (offline reading) may show the post for the moment
    // the fresh page takes to arrive; then it is gone.
    await expect
      .poll(() => user.locator(`article[data-post="${postId}"]`).count(), { timeout: 30_000 })
      .toBe(0);
    await user.goto('/notification');
    await user.getByText('We reviewed the post you reported').waitFor();
    await user
      .getByText('The post was removed. Thank you for keeping the community safe.')
      .waitFor();
    await screenshot(user, 'admin-reports-user-notified');
    // A Hindi reader gets the whole notice in Hindi, not an English sentence.
    await user.getByRole('button', { name: 'हिन्दी' }).click();
    await user.getByText('पोस्ट हटा दी गई। समुदाय को सुरक्षित रखने के लिए धन्यवाद।').waitFor();
  });

  it('the admin adds a business, and a driver sees it on /business', async () => {
    await admin.goto('/admin/content');
    await admin.getByRole('button', { name: 'Add business' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Highway Hero Tyres');
    await dialog.getByLabel('Name in Hindi (optional)').fill('हाईवे हीरो टायर्स');
    // Categories come from a list; a select's name also holds its chosen option.
    await dialog.getByRole('combobox', { name: /^Category/ }).selectOption('tyres');
    await dialog.getByLabel('Phone').fill('98765-43210');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a phone number with digits, + and spaces only').waitFor();
    await dialog.getByLabel('Phone').fill('+91 98765 43210');
    await dialog.getByLabel('Email').fill('help@highwayhero.example');
    await screenshot(admin, 'admin-content-business-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Highway Hero Tyres').waitFor();
    await screenshot(admin, 'admin-content-businesses');

    await admin.getByRole('tab', { name: 'Safety cautions' }).click();
    await admin.getByRole('button', { name: 'Add safety caution' }).waitFor();
    await screenshot(admin, 'admin-content-safety');

    const driver = await openPage();
    await signIn(driver, '+91 9000000002', 'Driver@1234');
    await driver.goto('/business');
    await driver.getByText('Highway Hero Tyres').waitFor();
    await screenshot(driver, 'admin-content-driver-sees-business');

    // The console in Hindi, for the screenshots.
    await admin.evaluate(() => localStorage.setItem('saathi.language', 'hi'));
    await admin.goto('/admin/content');
    await admin.getByRole('button', { name: 'व्यवसाय जोड़ें' }).waitFor();
    await screenshot(admin, 'admin-content-businesses-hi');
    await admin.goto('/admin/reports');
    await admin.getByText('कोई खुली रिपोर्ट नहीं है। किसी फ़ैसले की ज़रूरत नहीं।').waitFor();
    await screenshot(admin, 'admin-reports-empty-hi');
  });
});
