import { describe, expect, it } from 'vitest';
import { blocksOf, p99RatioInterval } from '../bench/interval.js';
import { pooledLatency, type Sampled } from '../bench/report.js';

/** `count` answers of `ms`, with `slow` of them at 5x placed by `at` (an answer's index). */
function run(count: number, ms: number, slowAt: (i: number) => boolean): Sampled {
  return {
    errors: 0,
    samples: Array.from({ length: count }, (_, i) => (slowAt(i) ? 5 * ms : ms + (i % 7) / 10)),
  };
}
const spread = (i: number) => i % 40 === 0;
/** As many slow answers as `spread`, all in one second: a stall of the machine. */
const stalled = (i: number) => i >= 300 && i < 300 + 650 / 40;
const scaled = (r: Sampled, by: number): Sampled => ({
  errors: r.errors,
  samples: r.samples.map((ms) => ms * by),
});

describe('the p99 ratio interval of the transcode figures', () => {
  it('cuts each run into blocks of its own answers', () => {
    const blocks = blocksOf([run(120, 2, spread), run(30, 2, spread)], 50);
    expect(blocks.map((b) => b.length)).toEqual([50, 50, 20, 30]);
  });

  it('holds the ratio the run measured and scales with it', () => {
    const idle = [run(650, 4, spread), run(650, 4, spread), run(650, 4, spread)];
    const busy = [run(650, 5, spread), run(650, 5, stalled), run(650, 5, spread)];
    const range = p99RatioInterval(busy, idle);
    const measured = pooledLatency(busy).p99 / pooledLatency(idle).p99;
    expect(range?.low).toBeLessThanOrEqual(measured);
    expect(range?.high).toBeGreaterThanOrEqual(measured);
    const doubled = p99RatioInterval(
      busy.map((r) => scaled(r, 2)),
      idle,
    );
    expect(doubled?.low).toBeCloseTo(2 * (range?.low ?? 0), 9);
    expect(doubled?.high).toBeCloseTo(2 * (range?.high ?? 0), 9);
  });

  it('is wider when the slow answers came in one stall than spread over the run', () => {
    const none = () => false;
    const idle = [run(650, 4, none), run(650, 4, none)];
    // 5 slow answers of 1,300, under the 13 a p99 needs: a redraw may hold a stall three times.
    const width = (slowAt: (i: number) => boolean) => {
      const range = p99RatioInterval([run(650, 4, none), run(650, 4, slowAt)], idle);
      return (range?.high ?? 0) - (range?.low ?? 0);
    };
    const everySecond = (i: number) => i % 130 === 0;
    const oneStall = (i: number) => i >= 300 && i < 305;
    expect(width(oneStall)).toBeGreaterThan(2 * width(everySecond));
  });

  it('is the same on a rerun of the same answers', () => {
    const idle = [run(650, 4, spread)];
    const busy = [run(650, 6, stalled)];
    expect(p99RatioInterval(busy, idle)).toEqual(p99RatioInterval(busy, idle));
  });

  it('has nothing to say without answers on a side', () => {
    expect(p99RatioInterval([{ errors: 3, samples: [] }], [run(100, 4, spread)])).toBeNull();
  });
});
