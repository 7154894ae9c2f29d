import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Product } from '@saathi/contract';
import { postKeys } from '../../api/keys/postKeys';
import { setConnection, stubMediaMethods } from '../../test/fakeMedia';
import { newProduct, renderWithProviders } from '../../test/renderWithProviders';
import { adoptFirstPage, startedVideoUrl } from './firstPage';
import { setMeasuredKbps } from './throughput';
import { VideoPlayer } from './VideoPlayer';

const low = { url: '/media/posts/p/video-360.mp4', width: 360, height: 640, kbps: 280 };
const full = { url: '/media/posts/p/video.mp4', width: 720, height: 1280, kbps: 1596 };
const post = newProduct();
const video: NonNullable<Product['video']> = {
  ...(post.video as NonNullable<Product['video']>),
  duration: 20,
  renditions: [low, full],
};
const page = { success: true, products: [{ ...post, video }], nextCursor: 'next' };

/** index.html as the server sends it to a signed-in driver (apps/server first-page.ts). */
function servedPage(json = JSON.stringify(page)): HTMLVideoElement {
  document.body.innerHTML =
    `<div id="root"><div class="boot-feed"><video data-first-video src="${low.url}"></video></div></div>` +
    `<script type="application/json" id="first-feed-page">${json}</script>`;
  const started = document.querySelector('video') as HTMLVideoElement;
  Object.defineProperty(started, 'currentTime', { configurable: true, writable: true, value: 2.5 });
  return started;
}

describe("the feed's first page from index.html", () => {
  let media: ReturnType<typeof stubMediaMethods>;
  beforeEach(() => {
    media = stubMediaMethods();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    setConnection(undefined);
    setMeasuredKbps(null);
    document.body.innerHTML = '';
  });

  it('becomes the feed’s fresh first page, and a damaged one is left to the API', () => {
    servedPage();
    const client = new QueryClient();
    adoptFirstPage(client);
    const data = client.getQueryData<InfiniteData<typeof page>>(postKeys.feed(false));
    expect(data?.pages).toEqual([page]);
    expect(client.getQueryState(postKeys.feed(false))?.isInvalidated).toBe(false);
    expect(document.getElementById('first-feed-page')).not.toBeInTheDocument();
    expect(startedVideoUrl()).toBe(low.url);

    servedPage('{"success":true,"prod');
    const other = new QueryClient();
    adoptFirstPage(other);
    expect(other.getQueryData(postKeys.feed(false))).toBeUndefined();
  });

  it('the player, knowing nothing of the network, goes on with that video from where it got', () => {
    const started = servedPage();
    adoptFirstPage(new QueryClient());
    document.body.innerHTML = '';
    renderWithProviders(
      <VideoPlayer video={video} label="Video" mode="play" onPausedChange={() => undefined} />,
    );
    const element = screen.getByTestId('feed-video') as HTMLVideoElement;
    expect(element).toHaveAttribute('src', low.url);
    // Still the page's until the player knows the file.
    expect(started).toHaveAttribute('src', low.url);
    Object.defineProperty(element, 'currentTime', { configurable: true, writable: true, value: 0 });
    fireEvent.loadedMetadata(element);
    expect(element.currentTime).toBe(2.5);
    expect(started).not.toHaveAttribute('src');
    expect(media.load).toHaveBeenCalled();
    expect(startedVideoUrl()).toBeNull();
  });

  it('stops the page’s video at once when the player picks another file', () => {
    const started = servedPage();
    adoptFirstPage(new QueryClient());
    setConnection({ effectiveType: '4g', downlink: 10 });
    renderWithProviders(
      <VideoPlayer video={video} label="Video" mode="play" onPausedChange={() => undefined} />,
    );
    expect(screen.getByTestId('feed-video')).toHaveAttribute('src', full.url);
    expect(started).not.toHaveAttribute('src');
  });
});
