import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Storage, StoredObject } from './storage.js';

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
      const temp = `${target}.${randomUUID()}.part`;
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
        const [info, meta] = await Promise.all([stat(pathOf(key)), readFile(metaOf(key), 'utf8')]);
        if (!info.isFile()) return null;
        return { size: info.size, contentType: (JSON.parse(meta) as StoredObject).contentType };
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
  };
}
