import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { postCalls } from '@saathi/contract';
import type { ResponseOf } from '../../api/client';
import { postKeys } from '../../api/keys/postKeys';

type FeedPage = ResponseOf<typeof postCalls.feed>;

/**
 * Opened from the network, `/` comes from the server with the feed's first page in it and a
 * `<video>` in the frame already playing the first video's lowest rendition
 * (apps/server/src/features/feed/first-page.ts): the feed need not wait for the script to
 * ask, and the player goes on with that video from the browser's media cache.
 */
const pageElementId = 'first-feed-page';

let startedVideo: HTMLVideoElement | null = null;

/**
 * Before the first render, after the saved reading is restored: the embedded page replaces
 * the saved one as the feed's fresh first page (no refetch on mount). Without one (the
 * service worker's copy of index.html, a signed-out visit), nothing changes.
 */
export function adoptFirstPage(client: QueryClient): void {
  startedVideo = document.querySelector<HTMLVideoElement>('video[data-first-video]');
  const element = document.getElementById(pageElementId);
  if (!element) return;
  element.remove();
  try {
    const page = JSON.parse(element.textContent ?? '') as FeedPage;
    client.setQueryData<InfiniteData<FeedPage, string | null>>(postKeys.feed(false), {
      pages: [page],
      pageParams: [null],
    });
  } catch {
    // A page cut short on its way: the feed asks the API as usual.
  }
}

/** The longest the app's first render waits for the page's video to show a picture. */
export const firstFrameWaitMs = 1500;

/**
 * Resolves once the page's own video has shown a frame while playing (or at once when there
 * is none, or it cannot play; at most `firstFrameWaitMs`): the first render replaces the frame
 * it plays in, and a driver should not see it vanish before it ever showed a picture.
 */
export function startedVideoShown(): Promise<void> {
  const video = startedVideo;
  if (!video || video.paused || video.error) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, firstFrameWaitMs);
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    video.addEventListener('error', done, { once: true });
    video.requestVideoFrameCallback(done);
  });
}

/** The URL the page started downloading for the first video, until a player has taken over. */
export function startedVideoUrl(): string | null {
  return startedVideo?.getAttribute('src') ?? null;
}

/**
 * The frame's own <video> (paused, out of the page once React renders) stops downloading:
 * once a player has the same file's metadata, or plays another file. Returns the second it
 * had played to, for the player to go on from there.
 */
export function releaseStartedVideo(): number {
  if (!startedVideo) return 0;
  const at = startedVideo.currentTime;
  startedVideo.removeAttribute('src');
  startedVideo.load();
  startedVideo = null;
  return at;
}
