import { randomUUID } from 'node:crypto';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from '../../log.js';
import type { UploadPurpose } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import type { UploadRow } from '../../db/schema/index.js';
import { Conflict, HttpError, NotFound } from '../../http/errors.js';
import type { ReceivedFile } from '../../media/checked-upload.js';
import { checkedStream, type CheckedInfo } from '../../media/sniff.js';
import type { Storage } from '../../storage/storage.js';
import { deleteUploadRow, findOwnUpload, finishedUploads, takeUploads } from './queries.js';
import { ruleFor } from './rules.js';
import type { UploadStore } from './store.js';

export interface UploadServiceDeps {
  db: Db;
  store: UploadStore;
  storage: Storage;
  log: Logger;
}

/** One finished upload a call attaches, as the form field it stands for. */
export interface WantedUpload {
  id: string;
  purpose: UploadPurpose;
  field: string;
}

/** Finished uploads copied into storage for a call; taken (consumed) with its write. */
export interface AttachedUploads {
  files: ReceivedFile[];
  /** In the call's transaction: consumes the uploads, or throws 404 if one was taken meanwhile. */
  take(tx: Db): Promise<void>;
  /** After the call committed: the tus copies go. */
  finish(): Promise<void>;
  /** The call failed: the copies in storage go, the uploads stay for another try. */
  discard(): Promise<void>;
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

export function createUploadService(deps: UploadServiceDeps) {
  const { db, store, storage, log } = deps;

  /** Logged, not thrown: what the caller did stands; a stray file expires with the store's sweep. */
  const removeBytes = (row: Pick<UploadRow, 'id' | 'storageKey'>) =>
    store
      .remove(row.storageKey)
      .catch((err: unknown) => log.error({ err, uploadId: row.id }, 'upload bytes not removed'));

  /** The bytes and the row. */
  async function remove(row: Pick<UploadRow, 'id' | 'storageKey'>): Promise<void> {
    await removeBytes(row);
    await deleteUploadRow(db, row.id);
  }

  /** Streams a finished upload through its purpose's checks into `into`. */
  async function checkedCopy(
    row: UploadRow,
    into: (checked: Readable) => Promise<unknown>,
    params: Record<string, number>,
  ): Promise<CheckedInfo> {
    const info: CheckedInfo = { mime: '', bytes: 0 };
    const checked = checkedStream(ruleFor(row.purpose), info, params);
    // A refusal destroys `checked` with its reason, which `into` then throws.
    const feeding = pipeline(await store.read(row.storageKey), checked);
    feeding.catch(() => undefined);
    await into(checked);
    await feeding;
    return info;
  }

  /** A refusal by the checks removes the upload; our own failures (a full disk) keep it. */
  async function refused(row: UploadRow, error: unknown): Promise<never> {
    if (error instanceof HttpError) await remove(row);
    throw error;
  }

  return {
    remove,

    /**
     * Every byte arrived: they pass the checks of the upload's purpose (signature, size), or
     * the upload is removed whole, so a lying file leaves nothing behind.
     */
    async verifyFinished(row: UploadRow): Promise<void> {
      await checkedCopy(row, (checked) => pipeline(checked, sink()), { n: 1 }).catch(
        (error: unknown) => refused(row, error),
      );
    },

    /**
     * Copies the caller's finished uploads under `prefix` in storage, through the same checks
     * as a multipart file. Another account's upload, an expired or a consumed one is 404; one
     * still arriving is 409. A file refused by the checks is removed with its upload.
     */
    async attach(userId: string, wanted: WantedUpload[], prefix: string): Promise<AttachedUploads> {
      const ids = wanted.map((w) => w.id);
      if (new Set(ids).size !== ids.length) throw NotFound('upload_not_found');
      const rows = new Map((await finishedUploads(db, userId, ids)).map((r) => [r.id, r]));
      for (const w of wanted) {
        const row = rows.get(w.id);
        if (row?.purpose === w.purpose) continue;
        if (!row && (await findOwnUpload(db, w.id, userId))?.purpose === w.purpose) {
          throw Conflict('upload_not_finished');
        }
        throw NotFound('upload_not_found');
      }
      const files: ReceivedFile[] = [];
      const discard = async () => {
        await Promise.all(files.map((f) => storage.delete(f.key)));
      };
      try {
        const perField = new Map<string, number>();
        for (const w of wanted) {
          const row = rows.get(w.id);
          if (!row) throw NotFound('upload_not_found');
          const n = (perField.get(w.field) ?? 0) + 1;
          perField.set(w.field, n);
          const key = `${prefix}/${randomUUID()}`;
          const info = await checkedCopy(
            row,
            (checked) => storage.put(key, checked, 'application/octet-stream'),
            { n },
          ).catch((error: unknown) => refused(row, error));
          files.push({ field: w.field, key, mime: info.mime, bytes: info.bytes, filename: '' });
        }
      } catch (error) {
        await discard();
        throw error;
      }
      return {
        files,
        discard,
        async take(tx) {
          if (!(await takeUploads(tx, userId, ids))) throw NotFound('upload_not_found');
        },
        async finish() {
          await Promise.all([...rows.values()].map(removeBytes));
        },
      };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
