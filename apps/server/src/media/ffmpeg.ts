import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { FfmpegError } from './errors.js';

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

export interface RunOptions {
  /** The process is killed (SIGKILL) after this long; a stuck decoder must not hold a worker. */
  timeoutMs: number;
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
    const child = spawn(binary, args, {
      stdio: ['ignore', opts.captureStdout ? 'pipe' : 'ignore', 'pipe'],
      windowsHide: true,
    });
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

export function runFfmpeg(args: readonly string[], opts: RunOptions): Promise<RunResult> {
  return runTool(ffmpegPath(), [...FFMPEG_BASE, ...args], opts);
}

export function runFfprobe(args: readonly string[], opts: RunOptions): Promise<RunResult> {
  return runTool(ffprobePath(), ['-hide_banner', '-loglevel', 'error', ...args], {
    captureStdout: true,
    maxStdoutBytes: 4 * 1024 * 1024,
    ...opts,
  });
}
