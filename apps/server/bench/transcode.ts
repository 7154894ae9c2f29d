// The transcode figures of npm run bench: the API's latency at a modest fixed rate while a
// phone clip transcodes in another process (as the worker process does it beside the API),
// against the same call at the same rate with nothing else running, and the transcode's wall
// time against the clip's length.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ffmpegPath } from '../src/media/ffmpeg.js';
import { p99RatioInterval } from './interval.js';
import { pooledLatency, type Sampled, type TranscodeFigures } from './report.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const run = promisify(execFile);

export const CLIP = { width: 1080, height: 1920, seconds: 30 };
/** The measured call and its rate: far below what the API answers, so latency is measured. */
export const PROBE_CALL = 'feed, first page';
export const PROBE_RATE = 50;
const PROBE_CONNECTIONS = 4;
/** Transcodes measured, each with its idle span. */
export const TRANSCODE_RUNS = 3;

/**
 * A phone camera's clip from ffmpeg's test sources: moving detail and a tone, H.264 High at
 * 16 Mbit/s without B-frames and 128k stereo AAC, as phones record 1080p at 30 fps.
 */
export async function makeClip(dir: string): Promise<string> {
  const path = join(dir, 'clip.mp4');
  const { width, height, seconds } = CLIP;
  await run(ffmpegPath(), [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=30`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high'],
    ...['-bf', '0', '-b:v', '16M', '-maxrate', '16M', '-bufsize', '16M', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', path],
  ]);
  return path;
}

/** A node child on a bench file; a bench that stops on an error must not leave it running. */
function spawnBench(args: string[], stdin: 'pipe' | 'ignore'): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: [stdin, 'pipe', 'inherit'],
  });
  const orphan = () => child.kill('SIGKILL');
  process.on('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  return child;
}

/** Each line the child prints, in turn; the child's failure ends the iteration with an error. */
async function* linesOf(child: ChildProcess): AsyncGenerator<string> {
  const exited = once(child, 'exit');
  let buffered = '';
  for await (const chunk of child.stdout ?? []) {
    buffered += String(chunk);
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    yield* lines;
  }
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`${child.spawnargs.join(' ')} exited with ${code}`);
}

/** Reads lines up to `wanted`; by hand, since leaving a for-await would end the generator. */
async function waitFor(lines: AsyncGenerator<string>, wanted: string): Promise<void> {
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new Error(`ended before printing "${wanted}"`);
    if (next.value === wanted) return;
  }
}

async function lastLine(lines: AsyncGenerator<string>): Promise<string> {
  let last = '{}';
  for await (const line of lines) last = line;
  return last;
}

/** Runs paced-load.ts at PROBE_RATE; `done` stops it (SIGINT) and answers its latencies. */
async function startProbe(base: string, seconds: number, fixturesFile: string) {
  const spec = {
    url: base,
    call: PROBE_CALL,
    seconds,
    connections: PROBE_CONNECTIONS,
    fixturesFile,
    rate: PROBE_RATE,
  };
  const child = spawnBench([here('./paced-load.ts'), JSON.stringify(spec)], 'ignore');
  const lines = linesOf(child);
  await waitFor(lines, 'started');
  return {
    async done(stop: boolean): Promise<Sampled> {
      if (stop) child.kill('SIGINT');
      return JSON.parse(await lastLine(lines)) as Sampled;
    },
  };
}

/** One transcode with the probe measuring beside it from before the start to the end. */
async function probedTranscode(
  base: string,
  clip: string,
  outDir: string,
  fixturesFile: string,
): Promise<{ wallMs: number; probed: Sampled }> {
  const job = spawnBench([here('./transcode-job.ts'), clip, outDir], 'pipe');
  const jobLines = linesOf(job);
  await waitFor(jobLines, 'ready');
  // Longer than any transcode: the probe is stopped when the job ends.
  const busyProbe = await startProbe(base, 3600, fixturesFile);
  job.stdin?.write('go\n');
  const finished = await lastLine(jobLines).catch(async (error: unknown) => {
    await busyProbe.done(true);
    throw error;
  });
  const { wallMs } = JSON.parse(finished) as { wallMs: number };
  return { wallMs, probed: await busyProbe.done(true) };
}

/**
 * TRANSCODE_RUNS times: a transcode under way while the probe measures, then the probe
 * alone for as long as that transcode took (the same call, rate and span, with and without
 * the work beside it). Idle and busy spans alternate, so a drift in the machine's speed falls
 * on both, and each side's p50 and p99 are read from all its answers together: one run's p99
 * rests on its 7 slowest of about 650 answers, which a single stall of the machine decides.
 */
export async function measureTranscode(
  base: string,
  clip: string,
  work: string,
  fixturesFile: string,
): Promise<TranscodeFigures> {
  const outDir = join(work, 'transcoded');
  await mkdir(outDir, { recursive: true });
  const busy: Sampled[] = [];
  const idle: Sampled[] = [];
  const wallsMs: number[] = [];
  for (let run = 0; run < TRANSCODE_RUNS; run++) {
    const { wallMs, probed } = await probedTranscode(base, clip, outDir, fixturesFile);
    busy.push(probed);
    wallsMs.push(wallMs);
    const seconds = Math.max(1, Math.round(wallMs / 1000));
    idle.push(await (await startProbe(base, seconds, fixturesFile)).done(false));
  }
  return {
    call: PROBE_CALL,
    rate: PROBE_RATE,
    idle: pooledLatency(idle),
    transcoding: pooledLatency(busy),
    p99Interval: p99RatioInterval(busy, idle),
    wallsMs,
    clipSec: CLIP.seconds,
  };
}
