import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { isLeftover } from '../leftovers.js';
import type { Storage, StoredObject } from './storage.js';

/** `<target>.<pid>.<uuid>.part`: the writer's pid tells a dead writer's file from a live one's. */
const PART = /\.(\d+)\.[0-9a-f-]{36}\.part$/;
/** A temp file nobody wrote to for this long is dead whoever wrote it (another host). */
const ABANDONED_MS = 24 * 60 * 60 * 1000;

async function removeLeftoverParts(base: string): Promise<number> {
  const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => null);
    if (!info) continue;
    const owner = PART.exec(entry.name)?.[1];
    const dead =
      Date.now() - info.mtimeMs > ABANDONED_MS ||
      (owner !== undefined && isLeftover(Number(owner), info.mtimeMs));
    if (!dead) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

/** Files on local disk under `root`; the content type rides in a small sidecar file. */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error('storage key escapes the root');
    return full;
  };
  const metaOf = (key: string) => `${pathOf(key)}.meta`;

  return {
    async put(key, body, contentType) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(temp));
        const { size } = await stat(temp);
        await writeFile(metaOf(key), JSON.stringify({ contentType }));
        await rename(temp, target);
        return { size, contentType };
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async stat(key) {
      try {
        const [info, meta] = await Promise.all([
          stat(pathOf(key), { bigint: true }),
          readFile(metaOf(key), 'utf8'),
        ]);
        if (!info.isFile()) return null;
        const size = Number(info.size);
        return {
          size,
          contentType: (JSON.parse(meta) as StoredObject).contentType,
          // Every write renames a new file into place, so size and nanosecond mtime change
          // with the bytes (the scheme nginx uses, finer-grained).
          etag: `"${size.toString(16)}-${info.mtimeNs.toString(16)}"`,
          modified: info.mtime,
        };
      } catch {
        return null;
      }
    },
    async read(key, range) {
      return createReadStream(pathOf(key), range);
    },
    async delete(key) {
      await Promise.all([rm(pathOf(key), { force: true }), rm(metaOf(key), { force: true })]);
    },
    removeLeftovers: () => removeLeftoverParts(base),
  };
}
