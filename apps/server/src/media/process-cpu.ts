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
