import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferStream } from '../src/storage/encryption.js';
import { copyToFile, readAll, type Storage } from '../src/storage/storage.js';

export interface OpenedStorage {
  storage: Storage;
  close(): Promise<void>;
}

const MB = 1024 * 1024;
const bytes = (n: number, seed = 0) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i + seed) % 251));

/** Yields `total` bytes in 64 KB chunks, then fails: a phone that drops off mid-upload. */
async function* failingAfter(total: number, error: Error) {
  for (let sent = 0; sent < total; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, 3);
  throw error;
}

/** Forced collection, so a memory sample counts what is held, not what awaits collection. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * The behaviour every Storage must have, run against each implementation so local disk and
 * S3 cannot drift apart. `open` gives a fresh, empty storage.
 */
export function storageContract(name: string, open: () => Promise<OpenedStorage>): void {
  describe(`${name} storage`, () => {
    let opened: OpenedStorage;
    let storage: Storage;
    beforeAll(async () => {
      opened = await open();
      storage = opened.storage;
    });
    afterAll(() => opened.close());
    const key = (area = 'public') => `${area}/contract/${randomUUID()}`;

    it('stores a stream and gives back its size, type and bytes', async () => {
      const data = bytes(5000);
      const k = key();
      expect(await storage.put(k, bufferStream(data), 'image/jpeg')).toEqual({
        size: 5000,
        contentType: 'image/jpeg',
      });
      expect(await storage.stat(k)).toMatchObject({ size: 5000, contentType: 'image/jpeg' });
      expect((await readAll(storage, k)).equals(data)).toBe(true);
    });

    it('stores an empty file', async () => {
      const k = key();
      expect(await storage.put(k, Readable.from([]), 'text/plain')).toEqual({
        size: 0,
        contentType: 'text/plain',
      });
      expect((await readAll(storage, k)).length).toBe(0);
    });

    it('reads exactly the bytes of an inclusive range', async () => {
      const data = bytes(1000, 7);
      const k = key();
      await storage.put(k, bufferStream(data), 'video/mp4');
      // 0-1 is the probe iOS sends before playing a video. (Not 0-0: s3rver, unlike S3,
      // reads an end of 0 as "to the end".)
      for (const [start, end] of [
        [0, 1],
        [0, 99],
        [500, 749],
        [999, 999],
      ] as const) {
        const chunks: Buffer[] = [];
        for await (const c of await storage.read(k, { start, end })) chunks.push(c as Buffer);
        expect(Buffer.concat(chunks).equals(data.subarray(start, end + 1))).toBe(true);
      }
    });

    it('copies an object to a local file for tools that read files', async () => {
      const data = bytes(3000);
      const k = key();
      await storage.put(k, bufferStream(data), 'application/octet-stream');
      const dir = await mkdtemp(join(tmpdir(), 'saathi-copy-'));
      try {
        await copyToFile(storage, k, join(dir, 'out'));
        expect((await readFile(join(dir, 'out'))).equals(data)).toBe(true);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('replaces an object written again under the same key', async () => {
      const k = key();
      await storage.put(k, bufferStream(bytes(100)), 'image/png');
      await storage.put(k, bufferStream(bytes(40, 1)), 'image/jpeg');
      expect(await storage.stat(k)).toMatchObject({ size: 40, contentType: 'image/jpeg' });
      expect((await readAll(storage, k)).equals(bytes(40, 1))).toBe(true);
    });

    it('gives a strong ETag and a modification time that change with a rewrite', async () => {
      const k = key();
      const before = Date.now();
      await storage.put(k, bufferStream(bytes(100)), 'image/png');
      const first = await storage.stat(k);
      expect(first?.etag).toMatch(/^"[^"]+"$/);
      // Second precision (S3, HTTP dates), so a second of slack before the write.
      expect(first?.modified.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect((await storage.stat(k))?.etag).toBe(first?.etag);
      await storage.put(k, bufferStream(bytes(100, 1)), 'image/png');
      expect((await storage.stat(k))?.etag).not.toBe(first?.etag);
    });

    it('knows nothing of a missing key, and reading one fails', async () => {
      const k = key();
      expect(await storage.stat(k)).toBeNull();
      await expect(readAll(storage, k)).rejects.toThrow();
    });

    it('deletes, and deleting what is not there is fine', async () => {
      const k = key();
      await storage.put(k, bufferStream(bytes(10)), 'text/plain');
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it('keeps private keys apart from public ones under the same name', async () => {
      const id = randomUUID();
      await storage.put(
        `private/vault/${id}`,
        bufferStream(bytes(64, 1)),
        'application/octet-stream',
      );
      expect(await storage.stat(`public/vault/${id}`)).toBeNull();
      expect((await readAll(storage, `private/vault/${id}`)).equals(bytes(64, 1))).toBe(true);
    });

    it('refuses a key that climbs out of its root', async () => {
      await expect(storage.put('../outside', bufferStream(bytes(1)), 'text/plain')).rejects.toThrow(
        'storage key escapes the root',
      );
    });

    it.each([
      ['early, before any part is sent', 64 * 1024],
      ['after several MB, mid multipart upload', 6 * MB],
    ])(
      'a stream that fails %s leaves nothing, and the put fails with its error',
      async (_when, after) => {
        const k = key('uploads');
        const error = new Error('connection dropped');
        await expect(
          storage.put(k, Readable.from(failingAfter(after, error)), 'video/mp4'),
        ).rejects.toBe(error);
        expect(await storage.stat(k)).toBeNull();
      },
    );

    it('keeps the previous object when a new write under its key fails', async () => {
      const k = key();
      await storage.put(k, bufferStream(bytes(100)), 'image/png');
      await expect(
        storage.put(k, Readable.from(failingAfter(64 * 1024, new Error('cut'))), 'image/png'),
      ).rejects.toThrow('cut');
      expect((await readAll(storage, k)).equals(bytes(100))).toBe(true);
    });

    it('streams a large file in and out without holding it in memory', async () => {
      const total = 64 * MB;
      const chunk = 256 * 1024;
      const gc = collector();
      gc();
      const baseline = process.memoryUsage().arrayBuffers;
      let peak = 0;
      const written = createHash('sha256');
      async function* source() {
        for (let sent = 0; sent < total; sent += chunk) {
          const part = Buffer.alloc(chunk, (sent / chunk) % 251);
          written.update(part);
          if (sent % (4 * MB) === 0) {
            gc();
            peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
          }
          yield part;
        }
      }
      const k = key('uploads');
      expect((await storage.put(k, Readable.from(source()), 'video/mp4')).size).toBe(total);

      const read = createHash('sha256');
      let received = 0;
      for await (const c of await storage.read(k)) {
        read.update(c as Buffer);
        received += (c as Buffer).length;
        if (received % (4 * MB) < (c as Buffer).length) {
          gc();
          peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
        }
      }
      expect(read.digest('hex')).toBe(written.digest('hex'));
      // Whole-file buffering holds all 64 MB; streaming a few parts at most (S3: ~15, peaks ~25,
      // ~37 on a loaded machine, since the count is the whole process's).
      expect(peak, `${(peak / MB).toFixed(1)} MB held at the peak`).toBeLessThan(total * 0.75);
    });
  });
}
