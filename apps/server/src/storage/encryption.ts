import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM stream: [12-byte IV][ciphertext][16-byte tag]. The tag makes a tampered
 * file fail to decrypt instead of returning altered bytes.
 */
export function encryptStream(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!started) {
        this.push(iv);
        started = true;
      }
      done(null, cipher.update(chunk));
    },
    flush(done) {
      if (!started) this.push(iv);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/** Decrypts a whole stored file (documents are at most a few MB). */
export async function decryptToBuffer(key: Buffer, source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => chunks.push(c));
  await pipeline(source, sink);
  const all = Buffer.concat(chunks);
  if (all.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted file is truncated');
  const iv = all.subarray(0, IV_BYTES);
  const tag = all.subarray(all.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(all.subarray(IV_BYTES, all.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

export function bufferStream(data: Buffer): Readable {
  return Readable.from([data]);
}

/**
 * A stored encrypted file as a decrypting stream, for files too large to hold in memory (data
 * downloads). The tag is read first, from the end; a tampered file fails the stream at its end.
 * Answers null when nothing is stored at `key`.
 */
export async function decryptStored(
  storage: Storage,
  key: string,
  fileKey: Buffer,
): Promise<{ stream: Readable; size: number } | null> {
  const stored = await storage.stat(key);
  if (!stored || stored.size < IV_BYTES + TAG_BYTES) return null;
  const head = async (start: number, end: number) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key, { start, end })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const iv = await head(0, IV_BYTES - 1);
  const tag = await head(stored.size - TAG_BYTES, stored.size - 1);
  const decipher = createDecipheriv('aes-256-gcm', fileKey, iv);
  decipher.setAuthTag(tag);
  const size = stored.size - IV_BYTES - TAG_BYTES;
  if (size === 0) return { stream: Readable.from([decipher.final()]), size };
  const body = await storage.read(key, { start: IV_BYTES, end: stored.size - TAG_BYTES - 1 });
  const stream = new PassThrough();
  pipeline(body, decipher, stream).catch((err: unknown) => stream.destroy(err as Error));
  return { stream, size };
}
