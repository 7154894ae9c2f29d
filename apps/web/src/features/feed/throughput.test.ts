// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { stallsRepeat } from './stalls';
import { downloadKbps, measuredKbps, noteStall, setMeasuredKbps } from './throughput';

describe('throughput', () => {
  afterEach(() => setMeasuredKbps(null));

  it('prices media seconds buffered per wall second at the rendition rate', () => {
    const start = { atMs: 1000, bufferedSec: 0.5 };
    expect(downloadKbps(start, { atMs: 4000, bufferedSec: 2 }, 1596)).toBe(798);
    expect(downloadKbps(start, { atMs: 4000, bufferedSec: 9.5 }, 300)).toBe(900);
    expect(downloadKbps(start, { atMs: 1000, bufferedSec: 2 }, 300)).toBeNull();
  });

  it('lowers the estimate below the rate of a rendition that stalled', () => {
    noteStall(1596);
    expect(measuredKbps()).toBe(1197);
    noteStall(300);
    expect(measuredKbps()).toBe(225);
    noteStall(1596);
    expect(measuredKbps()).toBe(225);
  });
});

describe('stalls', () => {
  it('count as repeated from the third within 30 s', () => {
    expect(stallsRepeat([0, 10_000], 20_000)).toBe(false);
    expect(stallsRepeat([0, 10_000, 20_000], 20_000)).toBe(true);
    expect(stallsRepeat([0, 10_000, 40_000], 40_000)).toBe(false);
  });
});
