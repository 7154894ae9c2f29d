// How far one run's p99 ratio may be from the machine's: the transcode goal is read from one
// run's p99s, each resting on its slowest 1% of about 2,000 answers, and the idle p99 of the
// same code has differed 1.7x between runs. A block bootstrap redraws each side's answers a
// second at a time (a stall of the machine slows answers that follow each other, so single
// answers are not independent draws) and reads the ratio's spread from the redraws.
import { seededRandom } from '../test/seeded-random.js';
import { percentiles, type Sampled } from './report.js';

/** Answers per block: one second at the probe's rate. */
export const BLOCK_ANSWERS = 50;
const REDRAWS = 1000;

/** The answers of each run cut into blocks in the order they came; a block never spans runs. */
export function blocksOf(runs: readonly Sampled[], size = BLOCK_ANSWERS): number[][] {
  return runs.flatMap((run) => {
    const blocks: number[][] = [];
    for (let at = 0; at < run.samples.length; at += size) {
      blocks.push(run.samples.slice(at, at + size));
    }
    return blocks;
  });
}

/** One redraw: as many blocks as the side has, each drawn at random, with replacement. */
function redrawnP99(blocks: readonly number[][], random: () => number): number {
  const drawn: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    drawn.push(...(blocks[Math.floor(random() * blocks.length)] ?? []));
  }
  return percentiles(drawn).p99;
}

/**
 * The central 90% of busy p99 / idle p99 over REDRAWS redraws of both sides: a goal outside
 * it was met or missed by the machine's code, one inside it by the run's luck as much.
 */
export function p99RatioInterval(
  busy: readonly Sampled[],
  idle: readonly Sampled[],
  seed = 1,
): { low: number; high: number } | null {
  const busyBlocks = blocksOf(busy);
  const idleBlocks = blocksOf(idle);
  if (busyBlocks.length === 0 || idleBlocks.length === 0) return null;
  // Seeded: the same answers always give the same interval, so a rerun of a report agrees.
  const random = seededRandom(seed);
  const ratios: number[] = [];
  for (let i = 0; i < REDRAWS; i++) {
    const idleP99 = redrawnP99(idleBlocks, random);
    if (idleP99 > 0) ratios.push(redrawnP99(busyBlocks, random) / idleP99);
  }
  if (ratios.length === 0) return null;
  ratios.sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(ratios.length * q))];
  return { low: at(0.05) ?? 0, high: at(0.95) ?? 0 };
}
