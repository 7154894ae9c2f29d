import { afterEach, describe, expect, it } from 'vitest';
import {
  markVideoViewed,
  readViewedVideos,
  viewedVideosKey,
  viewedVideosMax,
} from './viewedVideos';

describe('viewedVideos', () => {
  afterEach(() => localStorage.clear());

  it('records ids under the key viewedVideos, once each, newest last', () => {
    markVideoViewed('a');
    markVideoViewed('b');
    markVideoViewed('a');
    expect(JSON.parse(localStorage.getItem(viewedVideosKey) ?? '')).toEqual(['b', 'a']);
  });

  it('keeps only the most recent ids', () => {
    for (let i = 0; i < viewedVideosMax + 20; i++) markVideoViewed(`v${i}`);
    const list = readViewedVideos();
    expect(list).toHaveLength(viewedVideosMax);
    expect(list[0]).toBe('v20');
    expect(list.at(-1)).toBe(`v${viewedVideosMax + 19}`);
  });

  it('survives a damaged entry', () => {
    localStorage.setItem(viewedVideosKey, '{not json');
    expect(readViewedVideos()).toEqual([]);
    markVideoViewed('x');
    expect(readViewedVideos()).toEqual(['x']);
  });
});
