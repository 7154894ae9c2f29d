import { readFile } from 'node:fs/promises';

/** Linux counts a process's CPU time in clock ticks, 100 a second on every platform it runs. */
const msPerTick = 10;

/**
 * CPU time (user and system) a process has used so far, in ms, from /proc; undefined where
 * there is no /proc (macOS, Windows) or the process is gone.
 */
export async function cpuMsOf(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // The name in parentheses may hold spaces; utime and stime are the 12th and 13th fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * msPerTick;
}

/** Where a process's CPU time can be read (there is a /proc): elsewhere only wall time counts. */
export const cpuTimeReadable = process.platform === 'linux';

/**
 * Calls `over` once, when process `pid` has used more than `limitMs` of CPU time (all its
 * threads together), checking a few times within the limit and at least every 250 ms.
 * Returns what stops the watch. Watches nothing where CPU time cannot be read.
 */
export function watchCpu(pid: number, limitMs: number, over: () => void): () => void {
  if (!cpuTimeReadable) return () => undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(
    () => {
      void cpuMsOf(pid).then((used) => {
        if (stopped || used === undefined || used <= limitMs) return;
        stop();
        over();
      });
    },
    Math.min(250, Math.max(20, limitMs / 4)),
  );
  return stop;
}
