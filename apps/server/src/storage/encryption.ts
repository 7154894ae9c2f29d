import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
