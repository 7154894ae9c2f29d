import { vi } from 'vitest';

/** What a test sets of a <video> that jsdom cannot play: buffer, play state, length, seeking. */
export interface MediaState {
  buffered: [number, number][];
  paused: boolean;
  duration: number;
  seeking: boolean;
}

/** Makes the element report `state` (changed in place by the test) as a browser would. */
export function fakeMedia(
  element: HTMLMediaElement,
  initial: Partial<MediaState> = {},
): MediaState {
  const state: MediaState = {
    buffered: [],
    paused: true,
    duration: NaN,
    seeking: false,
    ...initial,
  };
  const range = (i: number) => state.buffered[i] ?? [0, 0];
  Object.defineProperties(element, {
    buffered: {
      configurable: true,
      get: () => ({
        length: state.buffered.length,
        start: (i: number) => range(i)[0],
        end: (i: number) => range(i)[1],
      }),
    },
    paused: { configurable: true, get: () => state.paused },
    duration: { configurable: true, get: () => state.duration },
    seeking: { configurable: true, get: () => state.seeking },
  });
  return state;
}

/** jsdom has no media playback: play resolves, pause and load do nothing (and are counted). */
export function stubMediaMethods() {
  return {
    play: vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined),
    pause: vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined),
    load: vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined),
  };
}

/** navigator.connection as Chromium gives it; undefined: a browser without the API. */
export function setConnection(
  connection: { effectiveType?: string; downlink?: number; saveData?: boolean } | undefined,
): void {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
}
