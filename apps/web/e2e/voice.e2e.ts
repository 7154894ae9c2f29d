import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  fakeMediaArgs,
  releaseBrowser,
  sharedBrowser,
  phoneContext,
  screenshot,
} from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

let server: E2eServer;
let browser: Browser;
/** Ramesh Kumar, the demo driver, who records. */
let driver: Page;
/** Priya Sharma, the demo user, who listens. */
let listener: Page;

/** A phone of its own, with the (fake) microphone allowed, signed in. */
async function phoneWithMicrophone(path: string, number: string, password: string) {
  const context = await phoneContext(browser, server.url);
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  await signIn(page, number, password, path);
  return page;
}

/** Waits until the player has loaded its file and knows how long it is. */
async function playable(player: Locator): Promise<number> {
  await player.evaluate((el: HTMLAudioElement) => {
    el.preload = 'auto';
    el.load();
  });
  await player
    .page()
    .waitForFunction(
      (el) => el instanceof HTMLAudioElement && el.readyState >= 1 && el.duration > 0,
      await player.elementHandle(),
    );
  return player.evaluate((el: HTMLAudioElement) => el.duration);
}

/**
 * Chromium's fake microphone plays a beep; two seconds of it is a real recording. Waits on
 * the screen's own timer, so a timer that does not run fails here too.
 */
async function recordTwoSeconds(page: Page) {
  await page.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
}

beforeAll(async () => {
  server = await startE2eServer();
  browser = await sharedBrowser({ args: fakeMediaArgs });
  [driver, listener] = await Promise.all([
    phoneWithMicrophone('/login', '+91 9000000002', 'Driver@1234'),
    phoneWithMicrophone('/end/user/login', '+91 9000000003', 'User@1234'),
  ]);
}, 60_000);

afterAll(async () => {
  await releaseBrowser(browser);
  await server?.close();
});

describe('voice chat and voice recorder', () => {
  it('records, uploads and plays a note that another user sees arrive live; the owner deletes it', async () => {
    await listener.goto('/voice-chat');
    await listener.getByText('No voice notes yet. Record your first!').waitFor();

    await driver.goto('/voice-chat');
    await driver.getByText('No voice notes yet. Record your first!').waitFor();
    await driver.getByText('Transcription, reactions and group chat are coming soon.').waitFor();
    await driver.getByRole('button', { name: 'Start Recording' }).click();
    await recordTwoSeconds(driver);
    await screenshot(driver, 'voice-chat-recording');
    await driver.getByRole('button', { name: 'Stop & Upload' }).click();
    await driver.getByText('Voice note uploaded!').waitFor();

    // The worker converts it; the page hears that live and shows a player.
    const mine = driver.getByRole('listitem').filter({ hasText: 'You' });
    const player = mine.locator('audio');
    await player.waitFor({ timeout: 30_000 });
    expect(await player.getAttribute('preload')).toBe('none');
    expect(await player.getAttribute('src')).toMatch(/^\/media\/voice\/.+\.m4a$/);
    expect(await playable(player)).toBeGreaterThan(1);

    // The other user, who only opened the page, sees it appear without reloading.
    const theirs = listener.getByRole('listitem').filter({ hasText: 'Ramesh Kumar' });
    await theirs.locator('audio').waitFor({ timeout: 30_000 });
    expect(await playable(theirs.locator('audio'))).toBeGreaterThan(1);
    await expect.poll(() => theirs.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await screenshot(driver, 'voice-chat-list');

    await mine.getByRole('button', { name: /Delete your voice note/ }).click();
    await driver.getByRole('dialog', { name: 'Delete this voice note?' }).waitFor();
    await screenshot(driver, 'voice-chat-delete');
    await driver.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await driver.getByText('No voice notes yet. Record your first!').waitFor();
    // Gone for the listener too, live.
    await listener.getByText('No voice notes yet. Record your first!').waitFor();
  }, 90_000);

  it('records, previews and uploads on the Voice Recorder, into its own list', async () => {
    await driver.goto('/voice-chat');
    await driver.getByRole('link', { name: 'Voice Recorder' }).click();
    await driver.waitForURL('**/send/audio');
    await driver.getByText('No recordings yet.').waitFor();
    expect(await driver.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    await driver.getByRole('button', { name: 'Start Recording' }).click();
    await recordTwoSeconds(driver);
    await driver.getByRole('button', { name: 'Stop Recording' }).click();
    const preview = driver.getByLabel('Your recording');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await driver.getByLabel('Name').fill('Route to Pune');
    await screenshot(driver, 'voice-recorder-preview');
    await driver.getByRole('button', { name: 'Upload' }).click();
    await driver.getByText('Recording uploaded').waitFor();

    const item = driver.getByRole('listitem').filter({ hasText: 'Route to Pune' });
    await item.locator('audio').waitFor({ timeout: 30_000 });
    expect(await playable(item.locator('audio'))).toBeGreaterThan(1);
    await screenshot(driver, 'voice-recorder-list');

    // Recordings are private: the other user's recorder list stays empty.
    await listener.goto('/send/audio');
    await listener.getByText('No recordings yet.').waitFor();
  }, 90_000);
});
