import type { Transform } from 'node:stream';
import type { Storage } from '../storage/storage.js';

export interface ReceivedFile {
  field: string;
  key: string;
  mime: string;
  bytes: number;
  /** The name the phone gave the file, for showing it back to its owner only. */
  filename: string;
}

/**
 * Where a multipart call's files are stored: the server's side of an upload, beside the
 * contract's rules (fields, kinds, sizes, counts). The feature that records the files names it.
 */
export interface UploadTarget {
  storage: Storage;
  /** The folder of one request's files, named by the id of the record they will become. */
  folder(id: string): string;
  /** Extra stage after the checks, e.g. encryption for private documents. */
  transform?: () => Transform;
}

/**
 * The file of a field its call requires (FileRule.required): the intake refuses a request
 * without one, so a missing file here is a bug of ours, not the client's mistake.
 */
export function requiredFile(files: readonly ReceivedFile[], field: string): ReceivedFile {
  const file = files.find((f) => f.field === field);
  if (!file) throw new Error(`no file in the required field ${field}`);
  return file;
}

/** A multipart request as its call's handler gets it: fields parsed, every file checked and stored. */
export interface CheckedUpload<F> {
  /** The last part of the files' folder: the record they become (post, note, account) takes it. */
  id: string;
  fields: F;
  files: ReceivedFile[];
  /**
   * Takes the files over. Call it as soon as a committed row points at them: until then,
   * however the call ends (an error, or an answer that keeps none of them), they are removed.
   */
  keep(): void;
}
