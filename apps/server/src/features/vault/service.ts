import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Logger } from '../../log.js';
import { said, type addDocumentFields, type PersonalDocument } from '@saathi/contract';
import { isAccountPassword } from '../../auth/password-check.js';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Forbidden, HttpError, NotFound, TooMany } from '../../http/errors.js';
import { requiredFile, type CheckedUpload, type UploadTarget } from '../../media/checked-upload.js';
import { decryptToBuffer, encryptStream } from '../../storage/encryption.js';
import type { Storage } from '../../storage/storage.js';
import {
  countDocuments,
  deleteDocument,
  documentsOf,
  findDocument,
  findUnlock,
  insertDocument,
  insertUnlock,
  type DocumentRow,
} from './queries.js';

const UNLOCK_MINUTES = 10;
const PASSWORD_TRIES = 5;
const TRIES_WINDOW_SECONDS = 15 * 60;

/** What opens the vault for one call: the password, or a live token from an earlier unlock. */
export interface VaultProof {
  password?: string;
  token?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function present(doc: DocumentRow): PersonalDocument {
  return {
    _id: doc.id,
    documentType: doc.documentType,
    documentName: doc.documentName,
    description: doc.description,
    file: {
      url: `/api/personal-documents/file/${doc.id}`,
      mime: doc.mime,
      bytes: doc.bytes,
      name: doc.originalName,
    },
    expiresOn: doc.expiresOn,
    createdAt: doc.createdAt.toISOString(),
  };
}

export function createVaultService(deps: {
  db: Db;
  storage: Storage;
  limiter: RateLimiter;
  fileKey: Buffer;
  log: Logger;
}) {
  const { db } = deps;

  /** The vault belongs to the caller alone; another user's id is refused outright. */
  function own(viewer: Viewer, userId: string | undefined) {
    if (userId !== undefined && userId !== viewer.user.id) throw Forbidden('vault_not_yours');
  }

  /** Limited here, not by the contract: only a password counts, a live vault token does not. */
  async function checkPassword(viewer: Viewer, password: string) {
    const wait = await deps.limiter.hit(
      `vault:user:${viewer.user.id}`,
      PASSWORD_TRIES,
      TRIES_WINDOW_SECONDS,
    );
    if (wait > 0) throw TooMany(wait);
    if (!(await isAccountPassword(db, viewer.user.id, password))) {
      throw new HttpError(401, 'vault_password_invalid');
    }
  }

  /** Either the password itself, or a live vault token (the x-vault-token header). */
  async function unlocked(viewer: Viewer, proof: VaultProof) {
    if (proof.password !== undefined) return checkPassword(viewer, proof.password);
    const found = proof.token
      ? await findUnlock(db, sha256(proof.token), viewer.user.id, viewer.sessionId)
      : undefined;
    if (!found) throw new HttpError(403, 'vault_locked');
  }

  return {
    /** For features that hand out the vault's contents elsewhere (download my data). */
    assertUnlocked: unlocked,

    async unlock(viewer: Viewer, body: { userId?: string; password: string }) {
      own(viewer, body.userId);
      await checkPassword(viewer, body.password);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + UNLOCK_MINUTES * 60_000);
      await insertUnlock(db, {
        tokenHash: sha256(token),
        userId: viewer.user.id,
        sessionId: viewer.sessionId,
        expiresAt,
      });
      return { success: true as const, vaultToken: token, expiresAt: expiresAt.toISOString() };
    },

    async list(viewer: Viewer, userId: string, proof: VaultProof) {
      own(viewer, userId);
      await unlocked(viewer, proof);
      return {
        success: true as const,
        documents: (await documentsOf(db, viewer.user.id)).map(present),
      };
    },

    async count(viewer: Viewer, userId: string) {
      own(viewer, userId);
      return { success: true as const, count: await countDocuments(db, viewer.user.id) };
    },

    /** A document is encrypted while it streams, in a folder named by its row's id. */
    documentUploads: {
      storage: deps.storage,
      folder: (id) => `private/vault/${id}`,
      transform: () => encryptStream(deps.fileKey),
    } satisfies UploadTarget,

    /** Before the file is read: only a live unlock may add to the vault. */
    async mayAdd(viewer: Viewer, token: string | undefined) {
      await unlocked(viewer, { token });
    },

    /** The file arrived checked and encrypted; the row is written only once it is safe. */
    async add(viewer: Viewer, upload: CheckedUpload<z.output<typeof addDocumentFields>>) {
      const { fields } = upload;
      own(viewer, fields.userId);
      const file = requiredFile(upload.files, 'document');
      const row = await insertDocument(db, {
        id: upload.id,
        userId: viewer.user.id,
        documentType: fields.documentType,
        documentName: fields.documentName,
        description: fields.description,
        storageKey: file.key,
        mime: file.mime,
        bytes: file.bytes,
        originalName: file.filename.slice(0, 200) || fields.documentName,
        expiresOn: fields.expiresOn ?? null,
      });
      upload.keep();
      return { success: true as const, ...said('document_added'), document: present(row) };
    },

    async remove(
      viewer: Viewer,
      docId: string,
      body: { userId?: string; password?: string },
      token: string | undefined,
    ) {
      own(viewer, body.userId);
      await unlocked(viewer, { password: body.password, token });
      const row = await deleteDocument(db, docId, viewer.user.id);
      if (!row) throw NotFound('document_not_found');
      await deps.storage
        .delete(row.storageKey)
        .catch((err: unknown) => deps.log.error({ err }, 'vault file not deleted'));
      return { success: true as const, ...said('document_deleted') };
    },

    /** The decrypted bytes, for the owner with a live unlock; nobody else learns it exists. */
    async file(viewer: Viewer, docId: string, token: string | undefined) {
      await unlocked(viewer, { token });
      const row = await findDocument(db, docId);
      if (!row || row.userId !== viewer.user.id) throw NotFound('document_not_found');
      const data = await decryptToBuffer(deps.fileKey, await deps.storage.read(row.storageKey));
      return { data, type: row.mime, name: row.originalName };
    },
  };
}

export type VaultService = ReturnType<typeof createVaultService>;
