// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCount } from './formatCount';

describe('formatCount', () => {
  it('keeps counts under a thousand as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });

  it('shows thousands as K with one decimal', () => {
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1540)).toBe('1.5K');
    expect(formatCount(999_949)).toBe('999.9K');
  });

  it('shows millions as M with one decimal', () => {
    expect(formatCount(1_000_000)).toBe('1.0M');
    expect(formatCount(2_345_678)).toBe('2.3M');
  });
});
