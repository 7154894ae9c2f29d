import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { pngImage } from '../../server/test/fixtures.js';
import { newPost } from '../../server/test/feed-factories.js';
import { postImages } from '../../server/src/db/schema/index.js';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { demoUser, startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
/** Priya Sharma, the demo user, who follows. */
let user: Page;
/** Ramesh Kumar, the demo driver, who is followed. */
let driver: Page;
let userToken = '';

async function openPage(): Promise<Page> {
  return (await phoneContext(browser, server.url)).newPage();
}

beforeAll(async () => {
  server = await startE2eServer();
  // A photo post by the driver, so the user can follow him from the feed.
  const ramesh = await demoUser(server, '+919000000002');
  const post = await newPost(server, ramesh.id, {
    caption: 'Fog on the Yamuna Expressway, drive slow',
    videoKey: null,
    posterKey: null,
    durationSec: null,
    width: null,
    height: null,
  });
  const key = `public/posts/${post.id}/image-0.png`;
  await server.storage.put(key, Readable.from([pngImage(360, 640)]), 'image/png');
  await server.database.db
    .insert(postImages)
    .values({ id: randomUUID(), postId: post.id, position: 0, key, width: 360, height: 640 });
  // The whole browser: the driver is offered push alerts, which the headless shell lacks.
  browser = await sharedBrowser({ whole: true });
  user = await openPage();
  driver = await openPage();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

describe('following, profiles and live notifications in two phones', () => {
  it('signs both in; the driver has no unread notifications', async () => {
    await signIn(user, '+91 9000000003', 'User@1234', '/end/user/login');
    await signIn(driver, '+91 9000000002', 'Driver@1234', '/login');
    await driver.goto('/my/profile');
    await driver.getByText('Ramesh Kumar').first().waitFor();
    await driver.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await expect(driver.getByTestId('unread-badge').count()).resolves.toBe(0);
    await screenshot(driver, 'social-01-driver-profile');
  });

  it('the user finds the driver through Discover People, then follows him from his post in the feed', async () => {
    await user.goto('/my/profile');
    await user.getByRole('button', { name: 'Discover People' }).click();
    const dialog = user.getByRole('dialog', { name: 'Discover People' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Ramesh Kumar' });
    await row.waitFor();
    await screenshot(user, 'social-02-discover');
    await row.getByRole('link', { name: 'Visit Profile' }).click();
    await user.waitForURL(/\/user\/profile\/[0-9a-f-]{36}$/);
    const profileUrl = user.url();
    await user.getByRole('heading', { level: 1, name: 'Ramesh Kumar' }).waitFor();
    await expect(user.getByTestId('count-followers').textContent()).resolves.toBe('0');
    await screenshot(user, 'social-03-driver-profile-seen-by-user');

    await user.goto('/');
    await user.getByText('Fog on the Yamuna Expressway, drive slow').first().waitFor();
    await user.getByRole('button', { name: 'Follow', exact: true }).first().click();
    await user.getByText('Successfully followed user!').waitFor();
    await user.getByRole('button', { name: 'Following', exact: true }).first().waitFor();
    await screenshot(user, 'social-04-followed-from-feed');

    await user.goto(profileUrl);
    await user.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await expect.poll(() => user.getByTestId('count-followers').textContent()).toBe('1');
  });

  it("the driver's badge goes up live, and the list says who followed", async () => {
    const badge = driver.getByTestId('unread-badge');
    // The toast and the badge come with the same live event, and the toast leaves after 3 s:
    // waited for one after the other, a slow machine saw the badge after the toast had gone.
    await Promise.all([
      badge.waitFor({ timeout: 15_000 }),
      driver.getByText('Priya Sharma started following you').first().waitFor(),
    ]);
    await expect(badge.textContent()).resolves.toBe('1');
    await screenshot(driver, 'social-05-driver-badge');
    await driver.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await driver.waitForURL('**/notification');
    const row = driver.getByRole('button', { name: /Priya Sharma started following you/ });
    await row.waitFor();
    await driver.getByText('Get alerts when someone follows, likes or comments').waitFor();
    await driver.getByRole('heading', { name: 'Today' }).waitFor();
    await screenshot(driver, 'social-06-notifications');
    await row.click();
    await driver.waitForURL(/\/user\/profile\//);
    await driver.getByRole('heading', { level: 1, name: 'Priya Sharma' }).waitFor();
    await badge.waitFor({ state: 'detached' });
  });

  it('the driver opens his followers and visits the profile from there', async () => {
    await driver.getByRole('link', { name: 'Profile', exact: true }).click();
    await driver.waitForURL('**/my/profile');
    await expect.poll(() => driver.getByTestId('count-followers').textContent()).toBe('1');
    await driver.getByTestId('count-followers').click();
    const dialog = driver.getByRole('dialog', { name: 'Followers' });
    await dialog.getByText('Priya Sharma').waitFor();
    await screenshot(driver, 'social-07-followers');
    await dialog.getByRole('link', { name: 'Visit Profile' }).click();
    await driver.getByRole('heading', { level: 1, name: 'Priya Sharma' }).waitFor();
    await driver.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await screenshot(driver, 'social-08-visit-follower');
  });

  it('the user changes her name and photo on her own profile', async () => {
    await user.goto('/my/profile');
    await user.getByRole('button', { name: 'Update Profile' }).click();
    const dialog = user.getByRole('dialog', { name: 'Update Profile' });
    const name = dialog.getByLabel('Name');
    await name.fill('P');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name must be 2 to 30 characters').waitFor();
    await name.fill('Priya S Sharma');
    await dialog
      .getByLabel('Profile photo: Gallery')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
    await dialog.getByRole('button', { name: 'Remove photo' }).waitFor();
    await screenshot(user, 'social-09-update-profile');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await user.getByText('Profile updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect(user.getByTestId('my-name').textContent()).resolves.toBe('Priya S Sharma');
    const avatar = user.locator('section img').first();
    await expect.poll(() => avatar.getAttribute('src')).not.toBe('/default-avatar.svg');
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(user, 'social-10-updated');
  });

  it('the user unfollows from her Following list', async () => {
    await user.getByTestId('count-following').click();
    const dialog = user.getByRole('dialog', { name: 'Following' });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Ramesh Kumar' });
    await row.waitFor();
    await screenshot(user, 'social-11-following');
    await row.getByRole('button', { name: 'Unfollow' }).click();
    await user.getByText('Successfully unfollowed user!').waitFor();
    await dialog.getByText('Not following anyone yet.').waitFor();
    await user.keyboard.press('Escape');
    await expect.poll(() => user.getByTestId('count-following').textContent()).toBe('0');
  });

  it('reads well in Hindi', async () => {
    await driver.goto('/notification');
    await driver.getByRole('button', { name: 'हिन्दी' }).click();
    await driver.getByText('Priya S Sharma ने आपको फ़ॉलो करना शुरू किया').waitFor();
    await screenshot(driver, 'social-12-hi-notifications');
    await driver.goto('/my/profile');
    await driver.getByRole('button', { name: 'प्रोफ़ाइल अपडेट करें' }).waitFor();
    await screenshot(driver, 'social-13-hi-my-profile');
    await driver.getByRole('button', { name: 'और विकल्प' }).click();
    await driver.getByText('नमाज़ रिमाइंडर').waitFor();
    await screenshot(driver, 'social-14-hi-more-options');
    await driver.keyboard.press('Escape');
    await driver.goto('/');
    await driver.getByRole('link', { name: 'सूचनाएँ', exact: true }).waitFor();
    await screenshot(driver, 'social-15-hi-feed');
  });

  it('logout revokes the session on the server', async () => {
    await user.goto('/my/profile');
    userToken = (await user.context().cookies()).find((c) => c.name === 'Token')?.value ?? '';
    expect(userToken).not.toBe('');
    await user.getByRole('button', { name: 'Logout' }).click();
    await user.waitForURL('**/login');
    // Logout reloads the page (spec): ask the server from outside the page, not inside it.
    const me = await user.request.get('/api/v1/me', {
      headers: { Authorization: `Bearer ${userToken}` },
    });
    expect(me.status()).toBe(401);
    await user.getByRole('heading', { name: 'Driver Login' }).waitFor();
    expect((await user.context().cookies()).some((c) => c.name === 'Token')).toBe(false);
    await screenshot(user, 'social-16-logged-out');
  });
});
