import { randomUUID } from 'node:crypto';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { isCleanText, type FileRule } from '@saathi/contract';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { HttpError, Invalid, TooLarge } from '../http/errors.js';
import type { Storage } from '../storage/storage.js';
import type { ReceivedFile } from './checked-upload.js';
import { checkedStream, type CheckedInfo } from './sniff.js';
import { takeUploadSlot, uploadDeadline } from './upload-guard.js';

export interface UploadSpec {
  /** File fields this call takes, each with its rule. Other file fields are refused. */
  files: Readonly<Record<string, FileRule>>;
  /** Storage key prefix, e.g. private/identity/<userId> */
  prefix: string;
  /** Extra stage after the checks, e.g. encryption for private documents. */
  transform?: () => Transform;
  /** The signed-in caller, whose uploads arriving at once are capped; none on sign-up. */
  account: string | undefined;
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
 * The caller must hold a free upload slot, and the body must keep arriving: a stalled or
 * endless body is refused with 408 (the reply then closes the connection: http/connections.ts).
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Storage,
  spec: UploadSpec,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw Invalid('bad_multipart');
  const release = takeUploadSlot(request, spec.account);
  const deadline = uploadDeadline(request, request.server.uploadTimeouts);
  const receiving = receiveParts(request, storage, spec, deadline.signal);
  // The slot is held as long as the body is read, which may outlast a refusal by the deadline.
  void receiving.then(release, release);
  try {
    return await Promise.race([receiving, deadline.expired]);
  } catch (error) {
    if (deadline.signal.aborted) {
      // Refused while between parts: the parse ends when the connection closes; a body that
      // still completes (a last byte arriving just then) is not kept.
      void receiving.then(
        (late) => late.discard(),
        () => undefined,
      );
    }
    if (isClientAbort(error, request)) {
      // The phone gave up (network lost, upload cancelled): nobody waits for the answer, and it
      // is no failure of ours, so no error log line. What was stored is already removed.
      request.log.info('upload aborted by the client');
      throw Invalid('bad_multipart');
    }
    throw error;
  } finally {
    deadline.stop();
  }
}

async function receiveParts(
  request: FastifyRequest,
  storage: Storage,
  spec: UploadSpec,
  signal: AbortSignal,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => storage.delete(f.key)));
  };
  const malformed = new WeakSet<object>();
  let current: Readable | undefined;
  const mark = (error: unknown) => {
    if (typeof error === 'object' && error !== null) malformed.add(error);
  };
  // A stalled file ends its storage write with the deadline's 408 (and the parse with it).
  signal.addEventListener('abort', () => current?.destroy(signal.reason as Error), { once: true });
  try {
    for await (const part of clientParts(request, mark)) {
      if (part.type === 'field') {
        // The parser cuts a field at its size limit: refuse it rather than keep half of it.
        if (part.valueTruncated || part.fieldnameTruncated) throw TooLarge('field_too_large');
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const rule = spec.files[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw Invalid('invalid_input', `Unexpected file field: ${part.fieldname}`);
      }
      // The name is kept (the vault shows it to its owner): the contract's text rule applies.
      if (!isCleanText(part.filename)) {
        part.file.resume();
        throw Invalid('text_characters_invalid');
      }
      const index = files.filter((f) => f.field === part.fieldname).length + 1;
      if (index > (rule.maxFiles ?? 1)) {
        part.file.resume();
        throw Invalid(rule.tooManyCode ?? 'invalid_input', undefined, { max: rule.maxFiles ?? 1 });
      }
      const info: CheckedInfo = { mime: '', bytes: 0 };
      const key = `${spec.prefix}/${randomUUID()}`;
      const checked = checkedStream(rule, info, { n: index });
      const stages: Transform[] = spec.transform ? [checked, spec.transform()] : [checked];
      // pipeline, not pipe: pipe() does not forward errors, so a refused file (too large, not
      // an image) threw an uncaught exception and left storage.put waiting forever. pipeline
      // destroys every stage with the error, which ends the put and removes its temp file.
      current = part.file;
      pipeline([part.file, ...stages], () => undefined);
      const stream: Readable = stages.at(-1) ?? checked;
      // Raw uploads are never served as they are: a worker or an authorised route reads them.
      await storage.put(key, stream, 'application/octet-stream');
      files.push({
        field: part.fieldname,
        key,
        mime: info.mime,
        bytes: info.bytes,
        filename: part.filename,
      });
    }
  } catch (error) {
    await discard();
    // A body the parser cannot read (no boundary, cut off) is the client's fault: 400, not 500.
    const parserError = isBareError(error) && (malformed.has(error) || current?.errored === error);
    throw parserError ? Invalid('bad_multipart') : error;
  }
  return { fields, files, discard };
}

/** The request's parts; a parse failure (thrown here, not by our own code) is marked. */
async function* clientParts(request: FastifyRequest, mark: (error: unknown) => void) {
  try {
    yield* request.parts();
  } catch (error) {
    mark(error);
    throw error;
  }
}

/**
 * Busboy's parse errors are bare Errors. Ours are HttpErrors, @fastify/multipart's limit
 * errors carry a status, and storage failures (disk full) a system code: those keep theirs.
 */
const isBareError = (error: unknown): error is Error =>
  error instanceof Error &&
  !(error instanceof HttpError) &&
  !('statusCode' in error) &&
  !('code' in error);

/** The client closed the connection mid-body: Node fails the request with 'aborted'. */
const isClientAbort = (error: unknown, request: FastifyRequest) =>
  request.raw.destroyed &&
  !request.raw.complete &&
  error instanceof Error &&
  'code' in error &&
  error.code === 'ECONNRESET';
