import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { storageContract } from '../../test/storage-contract.js';
import { startS3, type TestS3 } from '../../test/s3-server.js';
import { bufferStream } from './encryption.js';
import { s3Client, s3Storage } from './s3.js';
import { readAll } from './storage.js';

storageContract('S3', async () => {
  const server = await startS3();
  const settings = server.settings('saathi');
  const client = await s3Client(settings);
  return {
    storage: s3Storage(client, settings.bucket, settings.prefix),
    async close() {
      client.destroy();
      await server.close();
    },
  };
});

/** The names of the S3 calls a client makes, in order. */
function recordCalls(client: S3Client): string[] {
  const calls: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      calls.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
  return calls;
}

const secrets = { JWT_SECRET: 'x'.repeat(32), FILE_ENCRYPTION_KEY: '0'.repeat(64) };

describe('S3 storage in its bucket', () => {
  let server: TestS3;
  let client: S3Client;
  beforeAll(async () => {
    server = await startS3();
    client = await s3Client(server.settings());
  });
  afterAll(async () => {
    client.destroy();
    await server.close();
  });

  it('keeps keys as they are, under the prefix', async () => {
    const settings = server.settings('/tenant-a/');
    expect(settings.prefix).toBe('tenant-a');
    const storage = s3Storage(client, settings.bucket, settings.prefix);
    await storage.put('public/posts/p1/image.jpg', bufferStream(Buffer.from('jpeg')), 'image/jpeg');
    const raw = await client.send(
      new GetObjectCommand({ Bucket: settings.bucket, Key: 'tenant-a/public/posts/p1/image.jpg' }),
    );
    expect(raw.ContentType).toBe('image/jpeg');
    expect(await raw.Body?.transformToString()).toBe('jpeg');
    expect(await s3Storage(client, settings.bucket).stat('public/posts/p1/image.jpg')).toBeNull();
  });

  it('aborts the multipart upload when the stream fails, so no parts are left to pay for', async () => {
    const watched = await s3Client(server.settings());
    const calls = recordCalls(watched);
    const storage = s3Storage(watched, server.settings().bucket);
    async function* dropsAfterTwoParts() {
      for (let i = 0; i < 12 * 16; i++) yield Buffer.alloc(64 * 1024, 1);
      throw new Error('phone went offline');
    }
    await expect(
      storage.put('uploads/cut', Readable.from(dropsAfterTwoParts()), 'video/mp4'),
    ).rejects.toThrow('phone went offline');
    // s3rver refuses AbortMultipartUpload (it does not implement it); S3 accepts it. The put
    // still fails with the stream's own error, which is what the upload route turns into 4xx.
    expect(calls).toContain('UploadPartCommand');
    expect(calls.at(-1)).toBe('AbortMultipartUploadCommand');
    expect(calls).not.toContain('CompleteMultipartUploadCommand');
    watched.destroy();
  });
});

describe('choosing S3 from the configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ ...secrets, ...env });

  it('is local disk without S3_BUCKET', () => {
    expect(loadConfig(secrets).s3).toBeUndefined();
  });

  it.each([
    [{ S3_BUCKET: 'b', S3_REGION: 'ap-south-1' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_REGION: 'ap-south-1', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_REGION'],
    [{ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k' }, 'S3_BUCKET is required'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses to start with %j', (env, problem) => {
    expect(load(env)).toThrow(problem);
  });

  it('takes AWS with a region, or any S3-compatible endpoint', () => {
    expect(
      loadConfig({
        ...secrets,
        S3_BUCKET: 'saathi-media',
        S3_REGION: 'ap-south-1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).s3,
    ).toEqual({
      bucket: 'saathi-media',
      region: 'ap-south-1',
      endpoint: undefined,
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({
        ...secrets,
        S3_BUCKET: 'saathi',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toMatchObject({ region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true });
  });

  describe('at start-up', () => {
    let server: TestS3;
    let dataDir: string;
    beforeAll(async () => {
      server = await startS3();
      dataDir = await mkdtemp(join(tmpdir(), 'saathi-runtime-'));
    });
    afterAll(async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const config = (env: Record<string, string>) =>
      loadConfig({ ...secrets, NODE_ENV: 'test', DATA_DIR: dataDir, ...server.env, ...env });

    it('stops with the reason when the bucket cannot be reached', async () => {
      await expect(openRuntime(config({ S3_BUCKET: 'no-such-bucket' }))).rejects.toThrow(
        'S3 bucket "no-such-bucket" is not reachable (no such bucket: check S3_BUCKET)',
      );
      // (s3rver checks the key id but not SigV4 signatures, so a wrong secret would pass here.)
      await expect(openRuntime(config({ S3_ACCESS_KEY_ID: 'nobody' }))).rejects.toThrow(
        'not reachable (access denied: check S3_ACCESS_KEY_ID',
      );
      await expect(openRuntime(config({ S3_ENDPOINT: 'http://127.0.0.1:9' }))).rejects.toThrow(
        'not reachable',
      );
    });

    it('stores files in the bucket, not on disk', async () => {
      const runtime = await openRuntime(config({ S3_PREFIX: 'app' }));
      try {
        const data = randomBytes(100);
        await runtime.storage.put('public/x.bin', bufferStream(data), 'application/octet-stream');
        const direct = s3Storage(
          await s3Client(server.settings()),
          server.settings().bucket,
          'app',
        );
        expect((await readAll(direct, 'public/x.bin')).equals(data)).toBe(true);
      } finally {
        await runtime.close();
      }
    });
  });
});
