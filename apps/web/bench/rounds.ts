import type { ColdAndWarm } from './cold-warm.js';
import type { LoadFigures } from './measure.js';
import { resourceGroups, type BytesByGroup } from './network-log.js';

/** One page's cold or warm loads over the rounds. */
export interface Summary {
  /** Each figure the median of the rounds', apart (rounds without it left out). */
  median: LoadFigures;
  /** The lowest and highest first frame, over the rounds that showed one. */
  firstFrame: { min: number; max: number } | null;
  /** Rounds that showed no frame in time. */
  noFrame: number;
}

export interface PageRounds {
  cold: Summary;
  warm: Summary;
  /** The waits for the cold tab's network to fall quiet, one per round. */
  settles: ColdAndWarm['settle'][];
}

export interface ProfileRun {
  profile: string;
  rounds: number;
  app: PageRounds;
  bare: PageRounds;
  /** The file the app played first, each round (the bare page played the same). */
  videoPaths: (string | null)[];
}

/** The middle value, or the mean of the two middle ones; null when there is none. */
export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const middle = sorted.slice(sorted.length % 2 ? mid : mid - 1, mid + 1);
  return middle.reduce((sum, v) => sum + v, 0) / middle.length;
}

function summarize(loads: LoadFigures[]): Summary {
  const of = (figure: (f: LoadFigures) => number | null) => median(loads.map(figure));
  const bytes = Object.fromEntries(
    resourceGroups.map((g) => [g, of((f) => f.bytes[g]) ?? 0]),
  ) as BytesByGroup;
  const frames = loads.flatMap((f) => (f.firstFrameMs === null ? [] : [f.firstFrameMs]));
  return {
    median: {
      fcpMs: of((f) => f.fcpMs),
      firstFrameMs: of((f) => f.firstFrameMs),
      videoPath: loads.find((f) => f.videoPath)?.videoPath ?? null,
      videoDurationSec: of((f) => f.videoDurationSec),
      advancedSec: of((f) => f.advancedSec),
      mediaInWatch: of((f) => f.mediaInWatch) ?? 0,
      bytes,
    },
    firstFrame: frames.length ? { min: Math.min(...frames), max: Math.max(...frames) } : null,
    noFrame: loads.length - frames.length,
  };
}

function pageRounds(rounds: ColdAndWarm[]): PageRounds {
  return {
    cold: summarize(rounds.map((r) => r.cold)),
    warm: summarize(rounds.map((r) => r.warm)),
    settles: rounds.map((r) => r.settle),
  };
}

/** One network's rounds, app and bare, each figure the median of its rounds. */
export function profileRun(profile: string, app: ColdAndWarm[], bare: ColdAndWarm[]): ProfileRun {
  return {
    profile,
    rounds: app.length,
    app: pageRounds(app),
    bare: pageRounds(bare),
    videoPaths: app.map((r) => r.cold.videoPath),
  };
}
