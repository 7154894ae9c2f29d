import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLeftover } from '../leftovers.js';

const PREFIX = 'saathi-work-';
const OWNED = /^saathi-work-(\d+)-/;

/** A private temp folder for one job's files (input copy, transcode output, poster). */
export function makeWorkDir(kind: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-${kind}-`));
}

/**
 * Removes the work folders of processes that died mid-job (a kill -9 runs no `finally`): a
 * raw upload copied there and half a transcode, up to tens of MB each. Answers how many.
 */
export async function removeLeftoverWorkDirs(): Promise<number> {
  const root = tmpdir();
  let removed = 0;
  for (const name of await readdir(root)) {
    const owner = OWNED.exec(name)?.[1];
    if (!owner) continue;
    const path = join(root, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory() || !isLeftover(Number(owner), info.mtimeMs)) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
