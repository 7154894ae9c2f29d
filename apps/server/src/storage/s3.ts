import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { Storage } from './storage.js';

interface S3Sdk {
  client: typeof ClientS3;
  storage: typeof LibStorage;
}

let loading: Promise<S3Sdk> | undefined;

/**
 * The AWS SDK only in processes that use a bucket: importing it costs about a quarter of a
 * second of CPU at start-up, which a server on local disk would pay for nothing.
 */
function loadSdk(): Promise<S3Sdk> {
  loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([client, storage]) => ({ client, storage }),
  );
  return loading;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Set for S3-compatible services (MinIO, R2, Spaces, …); unset means AWS S3. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Object key prefix (no leading or trailing slash), '' for the bucket root. */
  prefix: string;
}

export async function s3Client(settings: S3Settings): Promise<S3Client> {
  const { S3Client } = (await loadSdk()).client;
  // Since 3.729 the SDK sends CRC32 checksum headers on every put by default. AWS checks
  // them; several S3-compatible services refused them outright, so for those they are sent
  // only where the API requires them. (s3rver, which the tests use, accepts both.)
  const checksums = settings.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
  });
}

/** HeadBucket answers have no body, so the status is all S3 says about what is wrong. */
const headBucketHints: Record<number, string> = {
  301: 'the bucket is in another region: check S3_REGION',
  403: 'access denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key’s permissions',
  404: 'no such bucket: check S3_BUCKET',
};

/** Fails at start-up, with the reason, when the bucket cannot be reached with these keys. */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  const { HeadBucketCommand, S3ServiceException } = (await loadSdk()).client;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const reason =
      (status && headBucketHints[status]) ??
      (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    throw new Error(`S3 bucket "${bucket}" is not reachable (${reason})`, { cause: error });
  }
}

/** Parts are 5 MB (S3's minimum); with two in flight an upload holds ~15 MB, at peaks ~25. */
const PARTS_IN_FLIGHT = 2;

const isMissing = (error: unknown, sdk: typeof ClientS3) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Objects in one bucket, keys mapped 1:1 under `prefix`. Nothing is ever made public: the
 * bucket stays private and /media reads through this interface like it does from disk.
 */
export function s3Storage(client: S3Client, bucket: string, prefix = ''): Storage {
  const objectKey = (key: string) => {
    if (key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw new Error('storage key escapes the root');
    }
    return prefix ? `${prefix}/${key}` : key;
  };

  // Each call awaits the SDK, loaded already: the client passed in was made by s3Client.
  const stat: Storage['stat'] = async (key) => {
    const sdk = (await loadSdk()).client;
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
      );
      const size = head.ContentLength ?? 0;
      const modified = head.LastModified ?? new Date(0);
      return {
        size,
        contentType: head.ContentType ?? 'application/octet-stream',
        // S3's ETag is a strong validator of the object's bytes (an MD5, or one per part
        // for multipart uploads); some compatible stores leave it out.
        etag: head.ETag ?? `"${size.toString(16)}-${modified.getTime().toString(16)}"`,
        modified,
      };
    } catch (error) {
      if (isMissing(error, sdk)) return null;
      throw error;
    }
  };

  return {
    stat,
    async put(key, body, contentType) {
      const Key = objectKey(key);
      // The caller's stream error (a refused or oversized file) is what the caller must see,
      // not a follow-up failure such as the multipart abort being refused.
      let bodyError: unknown;
      const remember = (error: unknown) => {
        bodyError ??= error;
      };
      body.on('error', remember);
      try {
        const { Upload } = (await loadSdk()).storage;
        const upload = new Upload({
          client,
          queueSize: PARTS_IN_FLIGHT,
          params: { Bucket: bucket, Key, Body: body, ContentType: contentType },
        });
        // A single object appears only when the put or the multipart completion succeeds;
        // on failure Upload aborts the multipart upload so no parts linger.
        await upload.done();
      } catch (error) {
        // Ends the producer (e.g. the multipart request) instead of leaving it paused; no
        // error argument, so no 'error' event fires after our listener is gone.
        body.destroy();
        throw bodyError ?? error;
      } finally {
        body.off('error', remember);
      }
      // S3 reads are consistent right after a write, so this is the object just stored.
      const stored = await stat(key);
      if (!stored) throw new Error(`S3 object ${Key} missing right after its upload`);
      return { size: stored.size, contentType: stored.contentType };
    },
    async read(key, range) {
      const { GetObjectCommand } = (await loadSdk()).client;
      const object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      return object.Body;
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there, which is what a delete should mean here.
      const { DeleteObjectCommand } = (await loadSdk()).client;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
