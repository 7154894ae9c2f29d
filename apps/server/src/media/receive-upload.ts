import { randomUUID } from 'node:crypto';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable, Transform } from 'node:stream';
import { Invalid } from '../http/errors.js';
import type { Storage } from '../storage/storage.js';
import { checkedStream, type CheckedInfo, type FileRule } from './sniff.js';

export interface ReceivedFile {
  field: string;
  key: string;
  mime: string;
  bytes: number;
}

export interface UploadSpec {
  /** File fields this call takes, each with its rule. Other file fields are refused. */
  files: Record<string, FileRule>;
  /** Storage key prefix, e.g. private/identity/<userId> */
  prefix: string;
  /** Extra stage after the checks, e.g. encryption for private documents. */
  transform?: () => Transform;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes every stored file: call when a later step (validation, database) fails. */
  discard(): Promise<void>;
}

/**
 * Reads a multipart request part by part, streaming each file through its checks into
 * storage. If anything fails, what was already stored is removed before the error goes on.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Storage,
  spec: UploadSpec,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw Invalid('bad_multipart');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => storage.delete(f.key)));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const rule = spec.files[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw Invalid('invalid_input', `Unexpected file field: ${part.fieldname}`);
      }
      const info: CheckedInfo = { mime: '', bytes: 0 };
      const key = `${spec.prefix}/${randomUUID()}`;
      let stream: Readable = part.file.pipe(checkedStream(rule, info));
      if (spec.transform) stream = stream.pipe(spec.transform());
      part.file.on('error', (e: Error) => stream.destroy(e));
      // Raw uploads are never served as they are: a worker or an authorised route reads them.
      await storage.put(key, stream, 'application/octet-stream');
      files.push({ field: part.fieldname, key, mime: info.mime, bytes: info.bytes });
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { fields, files, discard };
}
