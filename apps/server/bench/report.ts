export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * The server's CPU time per answered request, in µs (the load's, read from /proc): steadier
   * than req/s from run to run, since it does not move with what else the machine is doing.
   */
  cpuUs?: number;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * One figure from several runs of a load: each measure's median, so one run that met a
 * stall (a neighbour's burst, a GC of the load process) does not become the result. Errors
 * are summed: every failed request counts.
 */
export const medianOf = (runs: Measured[]): Measured => ({
  rps: median(runs.map((m) => m.rps)),
  p50: median(runs.map((m) => m.p50)),
  p99: median(runs.map((m) => m.p99)),
  errors: runs.reduce((sum, m) => sum + m.errors, 0),
  cpuUs: median(runs.map((m) => m.cpuUs ?? 0)),
});

export interface Row {
  call: string;
  app: Measured;
  floor: Measured;
}
export interface ProcessFigures {
  name: string;
  startMs: number;
  startRssMb: number;
  idleRssMb: number;
}

/** What a load run answers when asked for each answer's latency (ms). */
export interface Sampled {
  errors: number;
  samples: number[];
}
/** Latency percentiles of several runs' answers together, in ms. */
export interface Latency {
  answers: number;
  p50: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The p50 and p99 of answers' latencies (ms), as measured, not rounded to a whole ms. */
export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export function pooledLatency(runs: Sampled[]): Latency {
  const all = runs.flatMap((r) => r.samples);
  return {
    answers: all.length,
    ...percentiles(all),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** API latency at a fixed rate with and without transcodes beside it, and their wall times. */
export interface TranscodeFigures {
  call: string;
  rate: number;
  idle: Latency;
  transcoding: Latency;
  /** The central 90% of the p99 ratio over redraws of the answers (interval.ts). */
  p99Interval: { low: number; high: number } | null;
  wallsMs: number[];
  clipSec: number;
}

/** A transcode's figures, or why it stopped. */
export type TranscodeOutcome = TranscodeFigures | { failed: string };

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}` : '-');
const spread = (range: { low: number; high: number } | null) =>
  range ? ` (90%: ${range.low.toFixed(2)}-${range.high.toFixed(2)})` : '';

/** The table the goals are read from: app beside floor, and app/floor ratios. */
export function printReport(
  title: string,
  rows: Row[],
  processes: ProcessFigures[],
  transcode: { app?: TranscodeOutcome; floor?: TranscodeOutcome },
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): void {
  out(`\n${title}\n`);
  out(
    `${pad('call', 18)}${pad('app req/s', 11)}${pad('floor', 8)}${pad('ratio', 7)}` +
      `${pad('app p50', 9)}${pad('floor', 7)}${pad('app p99', 9)}${pad('floor', 7)}${pad('p99 x', 7)}` +
      `${pad('CPU µs/req', 12)}${pad('floor', 7)}${pad('x', 6)}errors app/floor`,
  );
  for (const { call, app, floor } of rows) {
    out(
      `${pad(call, 18)}${pad(app.rps.toFixed(0), 11)}${pad(floor.rps.toFixed(0), 8)}${pad(ratio(app.rps, floor.rps), 7)}` +
        `${pad(app.p50.toFixed(1), 9)}${pad(floor.p50.toFixed(1), 7)}${pad(app.p99.toFixed(1), 9)}${pad(floor.p99.toFixed(1), 7)}${pad(ratio(app.p99, floor.p99), 7)}` +
        `${pad((app.cpuUs ?? 0).toFixed(0), 12)}${pad((floor.cpuUs ?? 0).toFixed(0), 7)}${pad(ratio(app.cpuUs ?? 0, floor.cpuUs ?? 0), 6)}${app.errors}/${floor.errors}`,
    );
  }
  out('');
  out(
    `${pad('process', 18)}${pad('start-up ms', 13)}${pad('RSS MB at 2 s', 15)}idle RSS MB (12 s)`,
  );
  for (const p of processes)
    out(
      `${pad(p.name, 18)}${pad(p.startMs.toFixed(0), 13)}${pad(p.startRssMb.toFixed(0), 15)}${p.idleRssMb.toFixed(0)}`,
    );
  const app = transcode.app;
  if (!app) return;
  if ('failed' in app) {
    out(`\ntranscode failed: ${app.failed}`);
    return;
  }
  const { idle, transcoding, wallsMs, clipSec } = app;
  const wallMs = median(wallsMs);
  out('');
  out(
    `API '${app.call}' at ${app.rate} req/s while a ${clipSec} s 1080x1920 clip transcodes, ` +
      `${wallsMs.length} times, each followed by as long idle; percentiles of all answers of each side`,
  );
  out(`${pad('', 18)}${pad('answers', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}errors`);
  const floor = transcode.floor && !('failed' in transcode.floor) ? transcode.floor : null;
  const sides = [
    ['idle', idle],
    ['transcoding', transcoding],
    ...(floor
      ? ([
          ['floor idle', floor.idle],
          ['floor transcoding', floor.transcoding],
        ] as const)
      : []),
  ] as const;
  for (const [name, m] of sides)
    out(
      `${pad(name, 18)}${pad(m.answers, 9)}${pad(m.p50.toFixed(1), 9)}${pad(m.p99.toFixed(1), 9)}${m.errors}`,
    );
  out(
    `p99 transcoding/idle: ${ratio(transcoding.p99, idle.p99)}${spread(app.p99Interval)} (goal at most 1.5)`,
  );
  if (floor) {
    out(
      `the floor's, in the same run: ${ratio(floor.transcoding.p99, floor.idle.p99)}${spread(floor.p99Interval)} (what the machine does to any server)`,
    );
  }
  out(
    "(90% of the ratios got by redrawing each side's answers a second at a time; a goal inside the range is within the run's noise)",
  );
  const each = wallsMs.map((ms) => (ms / 1000).toFixed(1)).join(', ');
  out(
    `transcode wall time: median ${(wallMs / 1000).toFixed(1)} s (${each}), ${ratio(wallMs / 1000, clipSec)}x the clip (goal at most 0.5), both renditions`,
  );
}
