import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Product } from '@saathi/contract';
import { fakeMedia, setConnection, stubMediaMethods } from '../../test/fakeMedia';
import { newProduct, renderWithProviders } from '../../test/renderWithProviders';
import { setVideosHeld } from '../drive-safe';
import { dataSaverKey } from './dataSaver';
import { measuredKbps, setMeasuredKbps } from './throughput';
import { VideoPlayer } from './VideoPlayer';

const low = { url: '/media/posts/p/low.mp4', width: 360, height: 640, kbps: 300 };
const full = { url: '/media/posts/p/video.mp4', width: 720, height: 1280, kbps: 1596 };
const video: NonNullable<Product['video']> = {
  ...(newProduct().video as NonNullable<Product['video']>),
  duration: 20,
  renditions: [low, full],
};

function renderPlayer(mode: 'play' | 'preload' = 'play') {
  const view = renderWithProviders(
    <VideoPlayer video={video} label="Video" mode={mode} onPausedChange={() => undefined} />,
  );
  const element = screen.getByTestId('feed-video') as HTMLVideoElement;
  return { ...view, element, source: () => element.getAttribute('src') };
}

describe('the player picks a rendition', () => {
  let media: ReturnType<typeof stubMediaMethods>;
  beforeEach(() => {
    media = stubMediaMethods();
    setConnection({ effectiveType: '4g', downlink: 10 });
  });
  afterEach(() => {
    // Unmount while the media stubs are still in place.
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    setConnection(undefined);
    setMeasuredKbps(null);
    localStorage.clear();
  });

  it('plays the 720p file on a fast link and the low one on 3G or with Save-Data', () => {
    const fast = renderPlayer();
    expect(fast.source()).toBe(full.url);
    fast.unmount();
    setConnection({ effectiveType: '3g', downlink: 0.7 });
    const slow = renderPlayer();
    expect(slow.source()).toBe(low.url);
    slow.unmount();
    setConnection({ effectiveType: '4g', downlink: 10, saveData: true });
    expect(renderPlayer().source()).toBe(low.url);
  });

  it("keeps the driver's Data saver setting", () => {
    localStorage.setItem(dataSaverKey, 'low');
    const always = renderPlayer();
    expect(always.source()).toBe(low.url);
    always.unmount();
    localStorage.setItem(dataSaverKey, 'best');
    setConnection({ effectiveType: '2g', downlink: 0.1, saveData: true });
    expect(renderPlayer().source()).toBe(full.url);
  });

  it('chooses from the throughput measured on earlier videos', () => {
    setMeasuredKbps(900);
    expect(renderPlayer().source()).toBe(low.url);
  });

  it('steps down when the first seconds download slower than the video plays', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { element, source } = renderPlayer();
    const state = fakeMedia(element, { paused: false, duration: 20 });
    expect(source()).toBe(full.url);
    act(() => {
      state.buffered = [[0, 1]];
      element.currentTime = 0.8;
      fireEvent.progress(element);
      vi.advanceTimersByTime(2999);
    });
    expect(source()).toBe(full.url);
    act(() => void vi.advanceTimersByTime(1));
    // One second of video in three: 532 kbit/s, which carries the 300 kbit/s one.
    expect(measuredKbps()).toBe(532);
    expect(source()).toBe(low.url);
    // The new file starts at the moment the old one had reached.
    element.currentTime = 0;
    fireEvent.loadedMetadata(element);
    expect(element.currentTime).toBe(0.8);
  });

  it('keeps the rendition that downloads faster than it plays, and notes the rate', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { element, source } = renderPlayer();
    const state = fakeMedia(element, { paused: false, duration: 20 });
    act(() => {
      state.buffered = [[0, 9]];
      vi.advanceTimersByTime(3000);
    });
    expect(measuredKbps()).toBe(4788);
    expect(source()).toBe(full.url);
  });

  it('steps down on a stall of more than 2 s, keeping the position', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { element, source } = renderPlayer();
    fakeMedia(element, { paused: false, duration: 20, buffered: [[0, 20]] });
    act(() => {
      element.currentTime = 6.5;
      fireEvent.waiting(element);
      vi.advanceTimersByTime(1900);
      fireEvent.playing(element);
      vi.advanceTimersByTime(1000);
    });
    expect(source()).toBe(full.url);
    act(() => {
      fireEvent.waiting(element);
      vi.advanceTimersByTime(2000);
    });
    expect(source()).toBe(low.url);
    expect(media.load).toHaveBeenCalled();
    // The next video starts below the rate that stalled.
    expect(measuredKbps()).toBeLessThan(full.kbps);
    element.currentTime = 0;
    fireEvent.loadedMetadata(element);
    expect(element.currentTime).toBe(6.5);
    expect(media.play.mock.instances.at(-1)).toBe(element);
  });

  it('steps down on the third short stall within 30 s', () => {
    const { element, source } = renderPlayer();
    fakeMedia(element, { paused: false, duration: 20 });
    for (const round of [1, 2]) {
      fireEvent.waiting(element);
      fireEvent.playing(element);
      expect(source(), `after stall ${round}`).toBe(full.url);
    }
    fireEvent.waiting(element);
    expect(source()).toBe(low.url);
  });

  it('does not count a seek, nor step down under Best quality', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const seeking = renderPlayer();
    const whole: [number, number][] = [[0, 20]];
    fakeMedia(seeking.element, { paused: false, duration: 20, seeking: true, buffered: whole });
    act(() => {
      fireEvent.waiting(seeking.element);
      vi.advanceTimersByTime(5000);
    });
    expect(seeking.source()).toBe(full.url);
    seeking.unmount();

    localStorage.setItem(dataSaverKey, 'best');
    const best = renderPlayer();
    fakeMedia(best.element, { paused: false, duration: 20, buffered: whole });
    act(() => {
      fireEvent.waiting(best.element);
      vi.advanceTimersByTime(5000);
    });
    expect(best.source()).toBe(full.url);
  });

  it('ends its download when it leaves the page', () => {
    const { element, unmount } = renderPlayer('preload');
    expect(element).toHaveAttribute('preload', 'metadata');
    expect(element).toHaveAttribute('src', full.url);
    unmount();
    expect(element).not.toHaveAttribute('src');
    expect(media.load.mock.instances).toContain(element);
  });
});

describe('drive-safe mode', () => {
  afterEach(() => {
    cleanup();
    setVideosHeld(false);
    vi.restoreAllMocks();
  });

  it('keeps the current video paused while it holds the videos, and plays on after', () => {
    const media = stubMediaMethods();
    act(() => setVideosHeld(true));
    const { element } = renderPlayer();
    expect(media.play).not.toHaveBeenCalled();
    act(() => setVideosHeld(false));
    expect(media.play.mock.instances.at(-1)).toBe(element);
    media.pause.mockClear();
    act(() => setVideosHeld(true));
    expect(media.pause.mock.instances.at(-1)).toBe(element);
  });
});
