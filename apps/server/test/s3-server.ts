import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import type { S3Settings } from '../src/storage/s3.js';

export interface TestS3 {
  /** The S3_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  /** The settings the app's configuration makes of `env` (plus S3_PREFIX when given). */
  settings(prefix?: string): S3Settings;
  close(): Promise<void>;
}

/**
 * A real S3 HTTP server (s3rver, in a child process) on a loopback port with one empty
 * bucket: the SDK signs, streams and parses XML against it exactly as against S3. It checks
 * signatures against its built-in S3RVER key pair.
 */
export async function startS3(bucket = 'saathi-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'saathi-s3-'));
  const child = fork(join(import.meta.dirname, 's3rver-process.mjs'), [directory, bucket], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [{ port }] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('s3rver exited before it listened');
    }),
  ])) as [{ port: number }];
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    env,
    settings(prefix) {
      const config = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(32),
        FILE_ENCRYPTION_KEY: '0'.repeat(64),
        ...env,
        ...(prefix ? { S3_PREFIX: prefix } : {}),
      });
      if (!config.s3) throw new Error('S3 settings not picked up');
      return config.s3;
    },
    async close() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
