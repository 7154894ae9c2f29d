import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import type { Sharp, SharpOptions } from 'sharp';
import { forkTarget } from '../server-root.js';
import { MediaRejectedError } from './errors.js';
import { cpuTimeReadable, watchCpu } from './process-cpu.js';
import { loadSharp } from './load-sharp.js';
import { MEDIA_NICENESS } from './niceness.js';

/** What heif-child.ts is sent: the file and the most pixels its header may declare. */
export interface HeifJob {
  data: Uint8Array;
  maxPixels: number;
}

export type HeifReply =
  | { kind: 'decoded'; width: number; height: number; pixels: Uint8Array }
  | { kind: 'too_large' }
  | { kind: 'unreadable' }
  | { kind: 'failed'; message: string };

/**
 * Limits of one decode. Its CPU time covers the child's start (about 0.3 s) and a 50 MP
 * photo's decode (5 s of one core here), with room for a slow core. It is CPU time, not wall
 * time, because the limit is about what the file costs: on a busy machine a photo that costs
 * 5 s may take a minute to get them, and is still a photo, not a bomb. Wall time has a
 * backstop several times longer, and stands in for CPU time where there is no /proc to read.
 * libheif's wasm memory holds the decoded planes and the RGBA copy: 50 MP takes about 500 MB,
 * so 768 MB is the ceiling past which a file that lies about its size is refused; the JS heap
 * holds only small objects.
 */
export const heifLimits = {
  cpuMs: 30_000,
  wallFactor: 6,
  wasmMemoryMb: 768,
  heapMb: 128,
  niceness: MEDIA_NICENESS,
} as const;

// The child runs the way the server does: compiled, or its TypeScript through tsx's loader.
const CHILD = forkTarget('media/heif-child');

const tooLarge = () =>
  new MediaRejectedError('media_too_large', 'This photo is too large to process.');

/**
 * One decode at a time per process: each may take most of a core and near a GB, and a burst
 * of uploads must queue rather than run the machine out of memory.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work);
  queue = result.catch(() => undefined);
  return result;
}

function decodeInChild(job: HeifJob, cpuLimitMs: number): Promise<HeifReply> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD.modulePath, [], {
      execArgv: [
        ...CHILD.execArgv,
        `--max-old-space-size=${heifLimits.heapMb}`,
        // V8 caps every wasm memory at this many 64 KiB pages: libheif's allocation fails.
        `--wasm-max-mem-pages=${heifLimits.wasmMemoryMb * 16}`,
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      // It parses hostile bytes: none of the server's secrets need to be in its environment.
      env: {},
    });
    // Below the API's priority, like ffmpeg: on a phone-sized server a decode of several
    // seconds must not slow every answer the process gives meanwhile.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, heifLimits.niceness);
      } catch {
        // A system that refuses (no permission to renice) still decodes, only less politely.
      }
    }
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unwatch();
      child.kill('SIGKILL');
      settle();
    };
    const overLimit = () => finish(() => reject(tooLarge()));
    const timer = setTimeout(
      overLimit,
      cpuTimeReadable ? cpuLimitMs * heifLimits.wallFactor : cpuLimitMs,
    );
    const unwatch =
      child.pid === undefined ? () => undefined : watchCpu(child.pid, cpuLimitMs, overLimit);
    child.once('message', (reply: HeifReply) => finish(() => resolve(reply)));
    child.once('error', (error) => finish(() => reject(error)));
    child.once('exit', (code, signal) =>
      finish(() =>
        // Killed by the kernel (OOM) or aborted by V8 at its heap limit: the photo's size.
        signal === 'SIGKILL' || signal === 'SIGABRT' || code === 134
          ? reject(tooLarge())
          : reject(new Error(`HEIF decoder exited with code ${code ?? signal}`)),
      ),
    );
    child.send(job);
  });
}

/**
 * Decodes a HEIC/HEIF photo into a sharp pipeline, fitted inside the photo box. sharp's
 * prebuilt libvips reads HEIF only with AV1 inside (AVIF): Apple's HEVC-coded HEIC needs
 * libheif with an HEVC decoder, the wasm build in heic-decode, which runs in a child process
 * (heif-child.ts) with a CPU time and a memory limit. libheif applies the file's rotation and
 * mirroring itself, and the raw pixels carry no EXIF, so there is nothing left to orient.
 * AV1-coded HEIF files, which libheif-wasm cannot read, are handed to sharp directly.
 */
export async function heifToSharp(
  data: Buffer,
  options: SharpOptions,
  maxPixels: number,
  cpuLimitMs: number = heifLimits.cpuMs,
): Promise<Sharp> {
  const reply = await oneAtATime(() => decodeInChild({ data, maxPixels }, cpuLimitMs));
  const sharp = await loadSharp();
  switch (reply.kind) {
    case 'decoded': {
      const { width, height, pixels } = reply;
      return sharp(pixels, { ...options, raw: { width, height, channels: 4 } });
    }
    case 'too_large':
      throw tooLarge();
    case 'failed':
      throw new Error(`HEIF decoder failed: ${reply.message}`);
    case 'unreadable': {
      const viaSharp = sharp(data, options);
      await viaSharp.metadata();
      return viaSharp;
    }
  }
}
