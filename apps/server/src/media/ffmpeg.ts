import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { FfmpegError } from './errors.js';
import { MEDIA_NICENESS } from './niceness.js';
import { watchCpu } from './process-cpu.js';
import { ownSessionAvailable, yieldSession } from './session-priority.js';

type Tool = 'ffmpeg' | 'ffprobe';

const envOverride: Record<Tool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const installerPackage: Record<Tool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, exe);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The npm-shipped binaries are only a fallback: the system build (Debian's) is newer, has
 * more decoders and gets security fixes. The installer package is loaded lazily because it
 * throws on platforms it has no binary for, which must not break a machine with ffmpeg.
 */
export function installerBinary(tool: Tool): string | null {
  try {
    const mod: unknown = createRequire(import.meta.url)(installerPackage[tool]);
    const path = (mod as { path?: unknown } | null)?.path;
    return typeof path === 'string' && isExecutable(path) ? path : null;
  } catch {
    return null;
  }
}

const located = new Map<Tool, string>();

export function locateBinary(tool: Tool): string {
  const known = located.get(tool);
  if (known) return known;
  const override = process.env[envOverride[tool]];
  const path = override || onPath(tool) || installerBinary(tool);
  if (!path) {
    throw new FfmpegError(
      'spawn',
      `${tool} not found: install it (apt-get install ffmpeg) or set ${envOverride[tool]}`,
    );
  }
  located.set(tool, path);
  return path;
}

export const ffmpegPath = () => locateBinary('ffmpeg');
export const ffprobePath = () => locateBinary('ffprobe');

let setprivPath: string | null | undefined;

/**
 * util-linux's `setpriv --pdeathsig KILL` (Linux) asks the kernel to kill the tool the moment
 * this process dies, SIGKILL and OOM kill included, which no exit handler of ours could do:
 * a crashed worker must not leave ffmpeg running on a hostile file. Elsewhere (macOS in
 * development) the tool runs directly and ffmpeg's own -timelimit still ends it.
 */
function parentDeathWrapper(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  const path = process.platform === 'linux' ? onPath('setpriv') : null;
  // Versions before util-linux 2.33 have no --pdeathsig.
  const works = path !== null && spawnSync(path, ['--pdeathsig', 'KILL', 'true']).status === 0;
  setprivPath = works ? path : null;
  return setprivPath;
}

let nicePath: string | null | undefined;

/**
 * coreutils' `nice` sets the priority before it execs the tool, so every thread ffmpeg
 * starts inherits it; renicing the pid after spawn would miss threads already running.
 * Without `nice` (not on PATH) the tool runs at our own priority.
 */
function niceWrapper(): string | null {
  if (nicePath !== undefined) return nicePath;
  const path = process.platform === 'win32' ? null : onPath('nice');
  nicePath = path !== null && spawnSync(path, ['-n', '1', 'true']).status === 0 ? path : null;
  return nicePath;
}

/** The command line that runs `binary`: under setpriv and nice when asked and available. */
function commandLine(
  binary: string,
  args: readonly string[],
  niceness: number | undefined,
): { command: string; argv: string[]; wrapped: boolean } {
  let command = binary;
  let argv = [...args];
  const nice = niceness === undefined ? null : niceWrapper();
  if (nice !== null) {
    argv = ['-n', String(niceness), '--', command, ...argv];
    command = nice;
  }
  const pdeath = parentDeathWrapper();
  if (pdeath !== null) {
    // setpriv and nice both exec the next program, so the pid we kill is the tool's.
    argv = ['--pdeathsig', 'KILL', '--', command, ...argv];
    command = pdeath;
  }
  return { command, argv, wrapped: command !== binary };
}

export interface RunOptions {
  /** The process is killed (SIGKILL) after this long; a stuck decoder must not hold a worker. */
  timeoutMs: number;
  /**
   * The process is killed (SIGKILL) once it has used this much CPU time, all its threads
   * together: what a file costs, however busy the machine is (a tool at nice 19 on a busy
   * server may wait minutes for the CPU a clip needs). Read from /proc, so Linux only;
   * `timeoutMs` still ends a run that stalls.
   */
  cpuLimitMs?: number;
  /**
   * Run at this `nice` level (0 to 19; higher yields more): media work must leave the CPU
   * to the API's answers on the same machine.
   */
  niceness?: number;
  signal?: AbortSignal;
  /** Collect stdout (e.g. ffprobe JSON, an image on a pipe) instead of discarding it. */
  captureStdout?: boolean;
  /** Kill the process if stdout grows past this; guards memory when capturing. */
  maxStdoutBytes?: number;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

const STDERR_KEEP = 16 * 1024;

/** ffmpeg ends a failure with its most specific line; progress and banner noise come first. */
function lastReason(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('Conversion failed'));
  const line = lines.at(-1) ?? 'no error output';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export function runTool(
  binary: string,
  args: readonly string[],
  opts: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new FfmpegError('aborted', 'aborted before start'));
      return;
    }
    // No shell: arguments (file paths included) go to the process as they are.
    const { command, argv, wrapped } = commandLine(binary, args, opts.niceness);
    // Through a wrapper a missing tool would be the wrapper's exit code, not a spawn failure.
    if (wrapped && !isExecutable(binary)) {
      reject(new FfmpegError('spawn', `${binary}: not found or not executable`));
      return;
    }
    const yielding = opts.niceness !== undefined && opts.niceness > 0 && ownSessionAvailable;
    const child = spawn(command, argv, {
      stdio: ['ignore', opts.captureStdout ? 'pipe' : 'ignore', 'pipe'],
      windowsHide: true,
      // Its own session: see session-priority.ts. The parent-death wrapper still ends it
      // with us, though a terminal's Ctrl-C no longer reaches it directly.
      detached: yielding,
    });
    if (yielding && opts.niceness !== undefined && child.pid !== undefined) {
      yieldSession(child.pid, opts.niceness);
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let failure: FfmpegError | null = null;

    const stop = (error: FfmpegError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new FfmpegError('timeout', `took longer than ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    const { cpuLimitMs } = opts;
    const unwatch =
      cpuLimitMs === undefined || child.pid === undefined
        ? () => undefined
        : watchCpu(child.pid, cpuLimitMs, () =>
            stop(new FfmpegError('cpu_limit', `used more than ${cpuLimitMs} ms of CPU time`)),
          );
    const onAbort = () => stop(new FfmpegError('aborted', 'aborted'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (opts.maxStdoutBytes !== undefined && outBytes > opts.maxStdoutBytes) {
        stop(new FfmpegError('output_too_large', `output passed ${opts.maxStdoutBytes} bytes`));
        return;
      }
      out.push(chunk);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      // Only the tail matters for the reason, and a chatty decoder must not grow memory.
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });

    const finish = () => {
      clearTimeout(timer);
      unwatch();
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(new FfmpegError('spawn', `${binary}: ${error.message}`, null, '', { cause: error }));
    });
    child.on('close', (code, signal) => {
      finish();
      if (failure) {
        reject(new FfmpegError(failure.kind, failure.reason, code, stderr));
      } else if (code !== 0) {
        const reason = signal ? `killed by ${signal}` : lastReason(stderr);
        reject(new FfmpegError('exit', reason, code, stderr));
      } else {
        resolve({ stdout: Buffer.concat(out), stderr });
      }
    });
  });
}

/** Common flags: never wait on stdin, overwrite outputs, print only errors. */
const FFMPEG_BASE = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/**
 * ffmpeg's -timelimit is a CPU-time rlimit the kernel enforces on the process itself, so it
 * holds even if ffmpeg outlives us. It counts every thread: without a CPU limit of ours it
 * allows the wall-clock timeout on every core, so an orphan stops after at most that many
 * times the timeout. With one, it allows a second of every core past it, more than our
 * check lets pass between two reads, so that ours ends the run and says why.
 */
function cpuLimitSec(opts: RunOptions): number {
  const cores = availableParallelism();
  return opts.cpuLimitMs === undefined
    ? Math.ceil((opts.timeoutMs / 1000) * cores) + 1
    : Math.ceil(opts.cpuLimitMs / 1000) + cores;
}

/**
 * Threads for the decoder, the filters and each encoder of one run: bounded so that several
 * jobs and renditions do not swamp the machine, but at least 2. ffmpeg 5.1 runs decode,
 * filters and encoders in turn on one thread, so only the codecs' own threads overlap the
 * work: on 2 cores a 30 s 1080p clip took 23.5 s wall with 1 thread and 10.2 s with 2, for
 * the same CPU time. The API keeps its share through the nice level, not through idle cores.
 */
export const encoderThreads = () => Math.max(2, availableParallelism() - 1);

export function runFfmpeg(args: readonly string[], opts: RunOptions): Promise<RunResult> {
  const limit = ['-timelimit', String(cpuLimitSec(opts))];
  return runTool(ffmpegPath(), [...FFMPEG_BASE, ...limit, ...args], {
    ...opts,
    // Background media work yields the CPU to the API unless the caller asks otherwise.
    niceness: opts.niceness ?? MEDIA_NICENESS,
  });
}

export function runFfprobe(args: readonly string[], opts: RunOptions): Promise<RunResult> {
  return runTool(ffprobePath(), ['-hide_banner', '-loglevel', 'error', ...args], {
    captureStdout: true,
    maxStdoutBytes: 4 * 1024 * 1024,
    ...opts,
  });
}
