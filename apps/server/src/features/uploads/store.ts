import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import { uploadLimits } from '@saathi/contract';
import type { Config } from '../../config.js';

export const uploadExpiryMs = uploadLimits.expiryHours * 3600 * 1000;

/** Where unfinished uploads' bytes live: the tus store, and reading a finished one back. */
export interface UploadStore {
  datastore: DataStore;
  /** The store's id of an upload's bytes. */
  keyOf(uploadId: string): string;
  read(key: string): Promise<Readable>;
  /** Removes the bytes; bytes already gone are no failure. */
  remove(key: string): Promise<void>;
}

/** tus stores answer a missing upload with their FILE_NOT_FOUND error object (404). */
const isGone = (err: unknown) =>
  typeof err === 'object' && err !== null && 'status_code' in err && err.status_code === 404;

function removing(datastore: DataStore) {
  return (key: string) =>
    datastore.remove(key).catch((err: unknown) => {
      if (!isGone(err)) throw err;
    });
}

/**
 * On disk under DATA_DIR/uploads-tus, or in the S3 bucket (under S3_PREFIX/uploads-tus/)
 * when S3_BUCKET is set, so every API process sees the same bytes. Never served: the only
 * way out is attaching a finished upload, which copies it through the checks into storage.
 */
export async function openUploadStore(
  config: Pick<Config, 'dataDir' | 's3'>,
): Promise<UploadStore> {
  const { s3 } = config;
  if (!s3) {
    const store = new FileStore({
      directory: resolve(config.dataDir, 'uploads-tus'),
      expirationPeriodInMilliseconds: uploadExpiryMs,
    });
    return {
      datastore: store,
      keyOf: (id) => id,
      read: (key) => Promise.resolve(store.read(key)),
      remove: removing(store),
    };
  }
  // Imported here, not at the top: it loads the AWS SDK, which a server on local disk
  // would pay for at start-up (CPU and memory) without ever using it.
  const { S3Store } = await import('@tus/s3-store');
  const store = new S3Store({
    // S3's smallest multipart part; a 10 MB file is two parts.
    partSize: 5 * 1024 * 1024,
    expirationPeriodInMilliseconds: uploadExpiryMs,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    },
  });
  const folder = s3.prefix ? `${s3.prefix}/uploads-tus` : 'uploads-tus';
  return {
    datastore: store,
    keyOf: (id) => `${folder}/${id}`,
    read: (key) => store.read(key),
    remove: removing(store),
  };
}
