import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMsOf } from '../src/media/process-cpu.js';

export interface Started {
  child: ChildProcess;
  base: string;
  /** Spawn to the first answered request, in ms. */
  startMs: number;
  /** VmRSS 2 s after the first answer, in MB: start-up's garbage still held. */
  startRssMb: number;
  /**
   * VmRSS after 12 s without a request, in MB: V8's memory reducer gives back what start-up
   * left about 8 s after allocation stops, so this is what an API process waiting for
   * requests holds.
   */
  idleRssMb: number;
  /** CPU time the process has used so far (user and system), in ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Runs a server (node itself with `args`, not a wrapper, so /proc/<pid> is the server), waits
 * for it to print its port ("listening <port>", or Fastify's "listening at http://host:port"
 * log line) and for `probe` to answer, then idles and reads its RSS twice. Its stdout is read to
 * the end: a server that logs every request must never block on a full pipe.
 */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  probe: string,
): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A bench that stops on an error must not leave its servers running.
  const orphan = () => child.kill('SIGKILL');
  process.on('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (?:at https?:\/\/[^\s"]*:)?(\d+)/.exec(out);
      if (!m) return;
      child.stdout?.off('data', read).resume();
      resolve(Number(m[1]));
    };
    child.stdout?.on('data', read);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const res = await fetch(base + probe).catch(() => null);
    if (res?.ok) break;
    await sleep(20);
  }
  const startMs = performance.now() - t0;
  await sleep(2000);
  const startRssMb = await rssMb(child.pid ?? 0);
  await sleep(10_000);
  const idleRssMb = await rssMb(child.pid ?? 0);
  return {
    child,
    base,
    startMs,
    startRssMb,
    idleRssMb,
    cpuMs: async () => {
      const ms = await cpuMsOf(child.pid ?? 0);
      if (ms === undefined) throw new Error('The bench reads CPU time from /proc, on Linux only');
      return ms;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
