export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
export interface Row {
  call: string;
  app: Measured;
  floor: Measured;
}
export interface ProcessFigures {
  name: string;
  startMs: number;
  idleRssMb: number;
}

/** API latency at a fixed rate with and without a transcode beside it, and its wall time. */
export interface TranscodeFigures {
  call: string;
  rate: number;
  idle: Measured;
  transcoding: Measured;
  wallMs: number;
  clipSec: number;
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}` : '-');

/** The table the goals are read from: app beside floor, and app/floor ratios. */
export function printReport(
  title: string,
  rows: Row[],
  processes: ProcessFigures[],
  transcode: TranscodeFigures | { failed: string } | null,
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): void {
  out(`\n${title}\n`);
  out(
    `${pad('call', 18)}${pad('app req/s', 11)}${pad('floor', 8)}${pad('ratio', 7)}` +
      `${pad('app p50', 9)}${pad('floor', 7)}${pad('app p99', 9)}${pad('floor', 7)}${pad('p99 x', 7)}errors app/floor`,
  );
  for (const { call, app, floor } of rows) {
    out(
      `${pad(call, 18)}${pad(app.rps.toFixed(0), 11)}${pad(floor.rps.toFixed(0), 8)}${pad(ratio(app.rps, floor.rps), 7)}` +
        `${pad(app.p50, 9)}${pad(floor.p50, 7)}${pad(app.p99, 9)}${pad(floor.p99, 7)}${pad(ratio(app.p99, floor.p99), 7)}${app.errors}/${floor.errors}`,
    );
  }
  out('');
  out(`${pad('process', 18)}${pad('start-up ms', 13)}idle RSS MB`);
  for (const p of processes)
    out(`${pad(p.name, 18)}${pad(p.startMs.toFixed(0), 13)}${p.idleRssMb.toFixed(0)}`);
  if (!transcode) return;
  if ('failed' in transcode) {
    out(`\ntranscode failed: ${transcode.failed}`);
    return;
  }
  const { idle, transcoding, wallMs, clipSec } = transcode;
  out('');
  out(
    `API '${transcode.call}' at ${transcode.rate} req/s while a ${clipSec} s 1080x1920 clip transcodes`,
  );
  out(`${pad('', 18)}${pad('p50', 9)}${pad('p99', 9)}errors`);
  for (const [name, m] of [
    ['idle', idle],
    ['transcoding', transcoding],
  ] as const)
    out(`${pad(name, 18)}${pad(m.p50, 9)}${pad(m.p99, 9)}${m.errors}`);
  out(`p99 transcoding/idle: ${ratio(transcoding.p99, idle.p99)} (goal at most 1.5)`);
  out(
    `transcode wall time: ${(wallMs / 1000).toFixed(1)} s, ${ratio(wallMs / 1000, clipSec)}x the clip (goal at most 0.5), both renditions`,
  );
}
