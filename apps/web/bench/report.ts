import { quietCapMs } from './cold-warm.js';
import type { EntrySize } from './entry-size.js';
import type { LoadFigures } from './measure.js';
import { resourceGroups } from './network-log.js';
import { median, type ProfileRun, type Summary } from './rounds.js';
import type { SwipeFigures } from './swipes.js';

export interface VideoWeight {
  path: string;
  bytes: number;
  durationSec: number;
}

export interface Report {
  setup: string;
  runs: ProfileRun[];
  video: VideoWeight | null;
  entry: { app: EntrySize; bare: EntrySize };
  swipes: SwipeFigures;
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const sec = (ms: number | null) => (ms === null ? 'none' : `${(ms / 1000).toFixed(1)} s`);
const spread = (s: Summary) => {
  const range = s.firstFrame
    ? `${(s.firstFrame.min / 1000).toFixed(1)}-${(s.firstFrame.max / 1000).toFixed(1)} s`
    : '';
  return s.noFrame ? [range, `${s.noFrame} none`].filter(Boolean).join(', ') : range;
};
const ratio = (a: number | null, b: number | null) =>
  a === null || b === null || b === 0 ? 'n/a' : `${(a / b).toFixed(1)}x`;
const total = (f: LoadFigures) => Object.values(f.bytes).reduce((s, n) => s + n, 0);

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => c.padEnd(widths[i] ?? 10)).join('');
}

function loads(runs: ProfileRun[]): void {
  const groups = resourceGroups.map((g) => (g === 'Stylesheet' ? 'CSS' : g));
  const widths = [17, 6, 9, 13, 20, ...groups.map(() => 11), 10];
  out(row(['', 'page', 'FCP', 'first frame', 'frame min-max', ...groups, 'total'], widths));
  for (const run of runs) {
    for (const phase of ['cold', 'warm'] as const) {
      const label = `${run.profile} ${phase}`;
      for (const [name, s] of [
        ['app', run.app[phase]],
        ['bare', run.bare[phase]],
      ] as const) {
        const f = s.median;
        out(
          row(
            [
              name === 'app' ? label : '',
              name,
              sec(f.fcpMs),
              sec(f.firstFrameMs),
              spread(s),
              ...resourceGroups.map((g) => kb(f.bytes[g])),
              kb(total(f)),
            ],
            widths,
          ),
        );
      }
      const a = run.app[phase].median;
      const b = run.bare[phase].median;
      out(
        row(['', 'ratio', ratio(a.fcpMs, b.fcpMs), ratio(a.firstFrameMs, b.firstFrameMs)], widths),
      );
    }
  }
}

/**
 * How long the warm loads waited for the cold tab's network to fall quiet, and whether a
 * wait hit its cap (the warm load then started beside a download still running).
 */
function settles(runs: ProfileRun[]): void {
  const waits = runs.flatMap((r) => [...r.app.settles, ...r.bare.settles]);
  const capped = waits.filter((w) => !w.quiet).length;
  const each = runs.flatMap((r) =>
    (['app', 'bare'] as const).map(
      (page) => `${r.profile} ${page} ${sec(median(r[page].settles.map((w) => w.waitedMs)))}`,
    ),
  );
  out(`Wait before warm (median; 1 s of quiet included): ${each.join(', ')}`);
  out(
    `  ${capped} of ${waits.length} waits hit the ${sec(quietCapMs)} cap, the cold tab still fetching`,
  );
}

/** Says so when the app played different files from round to round. */
function files(runs: ProfileRun[]): void {
  for (const run of runs) {
    const counts = new Map<string, number>();
    for (const path of run.videoPaths) {
      const name = path ?? 'none';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    if (counts.size < 2) continue;
    const list = [...counts].map(([name, n]) => `${name} (${n})`).join(', ');
    out(`${run.profile}: the app played different files by round: ${list}`);
  }
}

function watch(run: ProfileRun | undefined, video: VideoWeight | null): void {
  const cold = run?.app.cold.median;
  if (!cold || !video) {
    out('Video watched 3 s: no video played.');
    return;
  }
  const sixSeconds = (video.bytes * 6) / video.durationSec;
  const line = (name: string, value: string) => out(`  ${name.padEnd(42)}${value}`);
  out(`Video watched 3 s on ${run.profile} (cold start, app, median of ${run.rounds} rounds):`);
  line('played in those 3 s', `${cold.advancedSec?.toFixed(2) ?? 'n/a'} s`);
  line('video fetched in those 3 s', kb(cold.mediaInWatch));
  line('video fetched, start to end of the 3 s', kb(cold.bytes.Media));
  line('6 s of the chosen file weighs', kb(sixSeconds));
  line('ratio fetched (start to end) / 6 s', ratio(cold.bytes.Media, sixSeconds));
}

function entry({ app, bare }: Report['entry']): void {
  const widths = [26, 8, 12, 12];
  out(row(['Entry (index.html loads)', 'files', 'raw', 'gzip -9'], widths));
  out(row(['app JavaScript', String(app.jsFiles), kb(app.jsBytes), kb(app.jsGzip)], widths));
  out(
    row(['bare Vite + React JS', String(bare.jsFiles), kb(bare.jsBytes), kb(bare.jsGzip)], widths),
  );
  out(
    row(
      ['ratio app/bare', '', ratio(app.jsBytes, bare.jsBytes), ratio(app.jsGzip, bare.jsGzip)],
      widths,
    ),
  );
  out(row(['app CSS', '', kb(app.cssBytes), kb(app.cssGzip)], widths));
}

function swipes(s: SwipeFigures): void {
  const widths = [34, 14, 14, 8];
  out(row([`Feed after ${s.swipes} swipes (Fast 3G)`, 'first item', 'after', 'ratio'], widths));
  const line = (name: string, a: number, b: number, digits = 0) =>
    out(row([name, a.toFixed(digits), b.toFixed(digits), ratio(b, a)], widths));
  line('DOM elements', s.first.elements, s.after.elements);
  line('images', s.first.images, s.after.images);
  line('video elements', s.first.videos, s.after.videos);
  line('JS heap used (MB)', s.first.heapMb, s.after.heapMb, 1);
  out(`video downloads alive after the last swipe: ${s.open} open, ${s.receiving} receiving`);
  out(`most video downloads open at once: ${s.peakOpen}`);
  if (!s.settled)
    out('the feed window did not settle in 15 s: the element counts are not comparable');
}

/** The whole table; every ratio is app over bare, so lower is better and 1.0x is the floor. */
export function printReport(r: Report): void {
  out();
  out(`Field benchmark: ${r.setup}`);
  if (r.video) {
    const kbps = (r.video.bytes * 8) / r.video.durationSec / 1000;
    out(
      `Chosen video: ${r.video.path}, ${kb(r.video.bytes)}, ${r.video.durationSec.toFixed(1)} s, ${kbps.toFixed(0)} kbit/s`,
    );
  }
  out(
    'Times from navigation start; bytes over the wire from navigation to 3 s after the first frame.',
  );
  const rounds = r.runs[0]?.rounds ?? 0;
  out(
    `Each figure is the median of ${rounds} rounds (app and bare in turn); ratios are of the medians; frame min-max is the first frame's spread.`,
  );
  out();
  loads(r.runs);
  files(r.runs);
  settles(r.runs);
  out();
  watch(r.runs[0], r.video);
  out();
  entry(r.entry);
  out();
  swipes(r.swipes);
  out();
}
