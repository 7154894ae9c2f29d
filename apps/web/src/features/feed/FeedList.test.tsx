import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { Product } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { postKeys } from '../../api/keys/postKeys';
import { fakeMedia, setConnection, stubMediaMethods } from '../../test/fakeMedia';
import { silentFetch } from '../../test/renderRoute';
import { newProduct, renderWithProviders } from '../../test/renderWithProviders';
import { FeedList } from './FeedList';

/** An IntersectionObserver the test drives: show(i) brings item i 100% into view. */
class FakeObserver {
  static live = new Set<FakeObserver>();
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
}

function show(index: number) {
  for (const observer of FakeObserver.live) {
    for (const target of observer.targets) {
      if ((target as HTMLElement).dataset.index !== String(index)) continue;
      const entry = { target, isIntersecting: true, intersectionRatio: 1 };
      act(() => observer['callback']([entry as unknown as IntersectionObserverEntry], {} as never));
      return;
    }
  }
  throw new Error(`item ${index} is not in the page`);
}

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function renderFeed(count: number) {
  const products: Product[] = Array.from({ length: count }, (_, n) => {
    const base = newProduct({ _id: idOf(n) });
    const video = base.video as NonNullable<Product['video']>;
    const url = `/media/posts/${n}/video.mp4`;
    return {
      ...base,
      video: { ...video, url, posterSmallUrl: `/media/posts/${n}/poster.webp`, duration: 20 },
    };
  });
  for (const product of products) {
    const video = product.video as NonNullable<Product['video']>;
    video.renditions = [{ url: video.url, width: 720, height: 1280, kbps: 1596 }];
  }
  queryClient.setQueryData(postKeys.feed(false), {
    pages: [{ success: true, products, nextCursor: null }],
    pageParams: [null],
  });
  const view = renderWithProviders(<FeedList emergency={false} sharedId={null} empty={null} />);
  const item = (n: number) =>
    view.container.querySelector<HTMLElement>(`article[data-index="${n}"]`);
  const videoOf = (n: number) => item(n)?.querySelector('video') ?? null;
  return { ...view, item, videoOf };
}

describe('the feed list', () => {
  let media: ReturnType<typeof stubMediaMethods>;
  beforeEach(() => {
    media = stubMediaMethods();
    setConnection({ effectiveType: '4g', downlink: 10 });
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('fetch', vi.fn(silentFetch));
  });
  afterEach(() => {
    // Unmount while the media stubs are still in place.
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setConnection(undefined);
    FakeObserver.live.clear();
    queryClient.clear();
    localStorage.clear();
  });

  it('lets the next video download only once the current one plays with 3 s buffered', () => {
    const { item, videoOf } = renderFeed(3);
    const current = videoOf(0);
    expect(current).toHaveAttribute('src', '/media/posts/0/video.mp4');
    expect(current).toHaveAttribute('preload', 'auto');
    // The next one shows its poster only; the one after nothing at all.
    expect(videoOf(1)).not.toBeInTheDocument();
    expect(item(1)?.querySelector('img[src="/media/posts/1/poster.webp"]')).toBeInTheDocument();
    expect(item(2)?.querySelector('img, video')).not.toBeInTheDocument();

    const state = fakeMedia(current as HTMLVideoElement, { duration: 20, buffered: [[0, 5]] });
    fireEvent.progress(current as HTMLVideoElement);
    expect(videoOf(1), 'not playing yet').not.toBeInTheDocument();
    state.paused = false;
    state.buffered = [[0, 2.5]];
    fireEvent.timeUpdate(current as HTMLVideoElement);
    expect(videoOf(1), '2.5 s ahead').not.toBeInTheDocument();
    state.buffered = [[0, 3.2]];
    fireEvent.progress(current as HTMLVideoElement);
    const next = videoOf(1);
    expect(next).toHaveAttribute('src', '/media/posts/1/video.mp4');
    expect(next).toHaveAttribute('preload', 'metadata');
    expect(media.play.mock.instances).not.toContain(next);
    expect(item(2)?.querySelector('img, video')).not.toBeInTheDocument();
  });

  it('ends the download of a video that leaves, and waits again for the new current one', () => {
    const { videoOf } = renderFeed(4);
    const first = videoOf(0) as HTMLVideoElement;
    fakeMedia(first, { paused: false, duration: 20, buffered: [[0, 4]] });
    fireEvent.progress(first);
    const second = videoOf(1) as HTMLVideoElement;
    expect(second).toHaveAttribute('src');

    show(1);
    // Swiped away: no source, and load() so the browser drops the request.
    expect(first.isConnected).toBe(false);
    expect(first).not.toHaveAttribute('src');
    expect(media.load.mock.instances).toContain(first);
    expect(videoOf(0)).not.toBeInTheDocument();
    // The preloaded element plays on, and the one after it waits for its buffer.
    expect(videoOf(1)).toBe(second);
    expect(second).toHaveAttribute('preload', 'auto');
    expect(media.play.mock.instances).toContain(second);
    expect(videoOf(2)).not.toBeInTheDocument();
  });

  it('keeps only a window of items in the page however far one goes', () => {
    const { container, item } = renderFeed(40);
    show(1);
    const atStart = container.querySelectorAll('*').length;
    for (let n = 2; n <= 30; n++) show(n);

    const indexes = [...container.querySelectorAll<HTMLElement>('article')].map((a) =>
      Number(a.dataset.index),
    );
    expect(indexes).toEqual([28, 29, 30, 31, 32]);
    expect(container.querySelectorAll('video')).toHaveLength(1);
    // Posters only one screen either side.
    expect(
      [...container.querySelectorAll('img[src*="poster"]')].map((i) => i.getAttribute('src')),
    ).toEqual(['/media/posts/29/poster.webp', '/media/posts/31/poster.webp']);
    expect(container.querySelectorAll('*').length).toBeLessThanOrEqual(atStart + 2);
    // The spacer keeps the 28 items above at their height, so the scroll position holds.
    expect((item(28)?.previousElementSibling as HTMLElement).style.height).toBe('2800%');
  });
});
