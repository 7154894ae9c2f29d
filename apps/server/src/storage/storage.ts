import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../log.js';

export interface StoredObject {
  size: number;
  contentType: string;
}

/** A stored object as `stat` finds it, with what a cache needs to revalidate its copy. */
export interface StoredVersion extends StoredObject {
  /** A strong validator (RFC 9110 8.8.3), quoted: it changes whenever the bytes may have. */
  etag: string;
  modified: Date;
}

/**
 * Where files live. Keys under `public/` are served at /media/...; keys under `private/`
 * are never served directly, only through a route that checks the caller.
 */
export interface Storage {
  /** Streams `body` to `key`; on failure nothing is left at `key`. */
  put(key: string, body: Readable, contentType: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredVersion | null>;
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Removes what writers that died mid-write left (local disk: `.part` files); answers how
   * many. Stores without such leftovers (S3 drops unfinished uploads itself) leave it out.
   */
  removeLeftovers?(): Promise<number>;
}

/** A whole stored object in memory: for small files (photos) that a library wants as a buffer. */
export async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stored object copied to a local file, for tools that read files (ffmpeg). */
export async function copyToFile(storage: Storage, key: string, path: string): Promise<void> {
  await pipeline(await storage.read(key), createWriteStream(path));
}

/**
 * Deletes files nothing points at any more (their row is gone or never pointed at them). A
 * failure is logged, not thrown: the caller's change already stands and must not fail for it.
 */
export async function deleteQuietly(
  storage: Storage,
  keys: readonly string[],
  log: Logger,
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((err: unknown) => log.error({ err, key }, 'media delete failed')),
    ),
  );
}
