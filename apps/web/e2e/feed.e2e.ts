import { ffmpeg } from '../../server/test/fixtures-media.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, sharedBrowser, phoneContext, screenshot } from './support/browser.js';
import { startE2eServer, type E2eServer } from './support/server.js';
import { signIn } from './support/session.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function onScreen(box: Box | null): Box {
  if (!box) throw new Error('not on screen');
  return box;
}

/** Whether two boxes on the screen share no point a finger could tap. */
function apart(a: Box, b: Box): boolean {
  return (
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
  );
}

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;
let clip: string;
let photo: string;
let postId = '';

/** The item of our post in the feed, and things inside it. */
const ourItem = () => page.locator(`article[data-post="${postId}"][data-kind="video"]`);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'saathi-feed-e2e-'));
  clip = join(work, 'road.mp4');
  // A real 3-second portrait clip with sound, as a phone would record it.
  await ffmpeg([
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=720x1280:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    clip,
  ]);
  photo = join(work, 'toll.png');
  await ffmpeg([
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=orange:s=720x1280',
    '-frames:v',
    '1',
    photo,
  ]);
  server = await startE2eServer();
  browser = await sharedBrowser();
  context = await phoneContext(browser, server.url);
  await context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write'], {
    origin: server.url,
  });
  // Pune, where the offline gazetteer knows the town.
  await context.setGeolocation({ latitude: 18.5204, longitude: 73.8567 });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the feed in a phone-sized browser', () => {
  it('signs the demo driver in and shows the empty feed', async () => {
    await signIn(page, '+91 9000000002', 'Driver@1234');
    await page.getByRole('heading', { name: 'No videos yet' }).waitFor();
    await screenshot(page, 'feed-01-empty');
  });

  it('posts a video through Add Video with the location from the phone', async () => {
    await page.goto('/post/video');
    await page.getByRole('heading', { name: 'Add Video' }).waitFor();
    const location = page.getByLabel('Location *');
    await location.waitFor();
    await expect.poll(() => location.inputValue(), { timeout: 15_000 }).not.toBe('');
    await page
      .getByLabel('Caption')
      .fill('Road closed near the toll plaza. Take the service road.');
    await page.getByRole('switch', { name: 'Emergency mode' }).click();
    await page.getByLabel('Gallery').nth(0).setInputFiles(photo);
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    await page.getByLabel('Gallery').nth(1).setInputFiles(clip);
    await page.getByRole('button', { name: 'Remove video' }).waitFor();
    await screenshot(page, 'feed-02-add-video');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Uploaded successfully!').waitFor();
    await screenshot(page, 'feed-03-processing');
  });

  it('shows the post in the feed once it is processed, and plays it', async () => {
    // The banner polls /video/mine; the worker transcodes, then the feed reloads.
    await page.getByTestId('processing-banner').waitFor({ state: 'detached', timeout: 90_000 });
    const item = page.locator('article[data-kind="video"]').first();
    await item.waitFor({ timeout: 20_000 });
    postId = (await item.getAttribute('data-post')) ?? '';
    expect(postId).toMatch(/^[0-9a-f-]{36}$/);
    const video = ourItem().locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await screenshot(page, 'feed-04-playing');
    const viewed = await page.evaluate(() => localStorage.getItem('viewedVideos'));
    expect(JSON.parse(viewed ?? '[]')).toContain(postId);
  });

  it('moves to the photo of the post with the arrow and shows the image view', async () => {
    // A finger on the feed (here on the video) brings the arrows back after their first 3 seconds.
    await page.touchscreen.tap(180, 300);
    await page.getByRole('button', { name: 'Next' }).click();
    const image = page.locator(`article[data-post="${postId}"][data-kind="image"]`);
    await expect
      .poll(() => image.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(200);
    await image.getByRole('img', { name: /Photo 1 of 1 by Ramesh Kumar/ }).waitFor();
    await screenshot(page, 'feed-04b-image');
    await image.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Check out this amazing image!').waitFor();
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await page.getByText('Link copied to clipboard!').waitFor();
    await screenshot(page, 'feed-04c-image-share');
    await page.getByRole('button', { name: 'Close' }).click();
    // Images are reported like videos, in the modal worded for a post (the post is reported
    // from its video below).
    await image.getByRole('button', { name: 'Report' }).click();
    await page.getByRole('heading', { name: 'Report Post' }).waitFor();
    await page.getByText('0/500').waitFor();
    await screenshot(page, 'feed-04d-image-report');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Report Post' }).waitFor({ state: 'detached' });
    // The arrows hid 2 s after the move, while the dialogs were open (their buttons are not
    // the feed): a finger on the photo brings them back, as on a phone.
    await page.touchscreen.tap(180, 300);
    await page.getByRole('button', { name: 'Previous' }).click();
  });

  it('likes the video, and the like stays after a reload', async () => {
    const like = ourItem().getByRole('button', { name: 'Like (0)' });
    const answered = page.waitForResponse((r) => r.url().includes('/toggle/like/'));
    await like.click();
    await ourItem().getByRole('button', { name: 'Like (1)' }).waitFor();
    expect((await (await answered).json()) as unknown).toMatchObject({ liked: true, likes: 1 });
    await page.reload();
    const liked = ourItem().getByRole('button', { name: 'Like (1)' });
    await liked.waitFor();
    await expect(liked.getAttribute('aria-pressed')).resolves.toBe('true');
    await screenshot(page, 'feed-05-liked');
  });

  it('adds a comment and deletes it', async () => {
    await ourItem().getByRole('button', { name: 'Comments (0)' }).click();
    await page.getByText('No comments yet. Be the first to comment!').waitFor();
    const input = page.getByPlaceholder('Add a comment...');
    await input.fill('Thanks, taking the service road.');
    await input.press('Enter');
    await page.getByText('Thanks, taking the service road.').waitFor();
    await page.getByRole('heading', { name: 'Comments (1)' }).waitFor();
    await expect(input.inputValue()).resolves.toBe('');
    await screenshot(page, 'feed-06-comment');
    await page.getByRole('button', { name: 'Delete comment' }).click();
    await page.getByText('No comments yet. Be the first to comment!').waitFor();
    // A tap outside the sheet closes it.
    await page.mouse.click(180, 150);
    await page.getByPlaceholder('Add a comment...').waitFor({ state: 'detached' });
  });

  it('copies the link from the share menu', async () => {
    await ourItem().getByRole('button', { name: 'Share' }).click();
    for (const target of ['WhatsApp', 'Instagram', 'Facebook', 'YouTube', 'Copy URL']) {
      await page.getByRole('button', { name: target, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    await screenshot(page, 'feed-07-share');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${server.url}/?v=${postId}`);
    await page.getByRole('button', { name: 'Copy URL' }).waitFor({ timeout: 4000 });
    await page.keyboard.press('Escape');
  });

  it('reports the video', async () => {
    await ourItem().getByRole('button', { name: 'Report' }).click();
    await page.getByRole('heading', { name: 'Report Video' }).waitFor();
    await page.getByText('0/500').waitFor();
    await page.getByLabel('Reason for Report *').fill('Testing the report flow');
    await screenshot(page, 'feed-08-report');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByText('Video reported successfully! Admin will review it.').waitFor();
    await ourItem().getByRole('button', { name: 'Reported' }).waitFor();
    await screenshot(page, 'feed-09-reported');
  });

  it('opens a shared link with that post first', async () => {
    await page.goto(`/?v=${postId}`);
    const first = page.locator('article[data-index="0"]');
    await first.waitFor();
    await expect(first.getAttribute('data-post')).resolves.toBe(postId);
  });

  it('lists the emergency post on the Emergency page', async () => {
    await page.getByRole('link', { name: 'Emergency' }).click();
    await page
      .getByRole('heading', { name: 'This video will Show Only in An Emergency' })
      .waitFor();
    await ourItem().waitFor();
    await screenshot(page, 'feed-10-emergency');
  });

  it('reads well in Hindi', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await ourItem().waitFor();
    await screenshot(page, 'feed-11-hi-feed');
    await ourItem().getByRole('button', { name: 'कमेंट (0)' }).click();
    await page.getByText('अभी कोई कमेंट नहीं है। सबसे पहले कमेंट करें!').waitFor();
    await screenshot(page, 'feed-12-hi-comments');
    await page.mouse.click(180, 150);
    await ourItem().getByRole('button', { name: 'शेयर' }).click();
    await page.getByRole('button', { name: 'लिंक कॉपी करें' }).waitFor();
    await screenshot(page, 'feed-13-hi-share');
    await page.keyboard.press('Escape');
    await page.goto('/post/video');
    await page.getByRole('heading', { name: 'वीडियो जोड़ें' }).waitFor();
    await page.getByRole('button', { name: 'अपलोड करें' }).click();
    await page.getByText('कम से कम एक फ़ोटो या एक वीडियो चुनें।').waitFor();
    await screenshot(page, 'feed-14-hi-add-video');
    await page.goto('/emergency');
    await ourItem().waitFor();
    await screenshot(page, 'feed-15-hi-emergency');
  });

  it('keeps the whole like button clear of the card, the arrows, the Post button and the SOS panel', async () => {
    // The emergency feed's slide is the shortest (under the SOS panel): there the side
    // buttons reached above the slide's top, under the panel, and the author card, as wide
    // as its Hindi Follow button, covered the like button.
    const viewer = await phoneContext(browser, server.url);
    const other = await viewer.newPage();
    try {
      await signIn(other, '+91 9000000003', 'User@1234');
      await other.goto('/emergency');
      await other.getByRole('button', { name: 'हिन्दी' }).click();
      const item = other.locator(`article[data-post="${postId}"][data-kind="video"]`);
      await item.waitFor();
      const card = item.locator('a[href^="/user/profile/"]').locator('..');
      const like = item.getByRole('button', { name: /^लाइक/ });
      const clear = async () => {
        const [slide, c, l] = await Promise.all([
          item.boundingBox(),
          card.boundingBox(),
          like.boundingBox(),
        ]);
        if (!slide || !c || !l) throw new Error('the slide, card or like button is not on screen');
        return c.x + c.width <= l.x && l.y >= slide.y;
      };
      await item.getByRole('button', { name: 'फ़ॉलो करें' }).click();
      const following = item.getByRole('button', { name: 'फ़ॉलो कर रहे हैं' });
      await following.waitFor();
      await expect.poll(clear).toBe(true);
      await screenshot(other, 'feed-16-hi-emergency-following');
      await following.click();
      await item.getByRole('button', { name: 'फ़ॉलो करें' }).waitFor();
      await expect.poll(clear).toBe(true);
      // After each touch the arrows show for 2 s. Here the column reaches the slide's top: the
      // Next arrow at the right edge sat on the like button and took its taps, and both sat
      // on the author card.
      const arrows = await Promise.all(
        ['पिछला', 'अगला'].map((name) =>
          other.getByRole('button', { name, exact: true }).boundingBox(),
        ),
      );
      const others = await Promise.all(
        [/^लाइक/, /^कमेंट/, /^शेयर$/, /^रिपोर्ट$/].map((name) =>
          item.getByRole('button', { name }).boundingBox(),
        ),
      );
      const arrowBoxes = arrows.map(onScreen);
      const targets = [...others, await card.boundingBox()].map(onScreen);
      for (const [i, arrow] of arrowBoxes.entries()) {
        for (const [j, box] of targets.entries()) {
          expect([i, j, apart(arrow, box)]).toEqual([i, j, true]);
        }
      }
      expect(arrowBoxes.every((a) => arrowBoxes.every((b) => a === b || apart(a, b)))).toBe(true);
      const slideBox = onScreen(await item.boundingBox());
      await other.touchscreen.tap(slideBox.x + 30, slideBox.y + slideBox.height * 0.75);
      await screenshot(other, 'feed-17-hi-emergency-arrows');
      // The feed's Post button, on a phone whose browser leaves 640 px, once sat on the like.
      await other.setViewportSize({ width: 360, height: 640 });
      await other.goto('/');
      const inFeed = other.locator(`article[data-post="${postId}"][data-kind="video"]`);
      await inFeed.waitFor();
      const [post, likeInFeed] = await Promise.all([
        other.getByRole('link', { name: 'वीडियो डालें' }).boundingBox(),
        inFeed.getByRole('button', { name: /^लाइक/ }).boundingBox(),
      ]);
      expect(apart(onScreen(post), onScreen(likeInFeed))).toBe(true);
    } finally {
      await viewer.close();
    }
  });
});
