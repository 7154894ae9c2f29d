import { pipeline } from 'node:stream/promises';
import { accountLimits } from '@saathi/contract';
import type { Logger } from '../../../log.js';
import type { Db } from '../../../db/client.js';
import { encryptStream, decryptStored } from '../../../storage/encryption.js';
import type { Storage } from '../../../storage/storage.js';
import type { Notifier } from '../../notifications/index.js';
import { gatherExport } from './gather.js';
import { findExport, markExportReady } from './queries.js';
import { zipWriter } from './zip.js';

export interface ExportDeps {
  db: Db;
  storage: Storage;
  fileKey: Buffer;
  notifier: Notifier;
  log: Logger;
}

const HOUR_MS = 3600 * 1000;

export const exportKey = (userId: string, exportId: string) =>
  `private/exports/${userId}/${exportId}.zip`;

const readme = (withVault: boolean) =>
  [
    'Saathi: a copy of your data',
    '',
    'account.json        your account',
    'posts.json          your posts; their videos and images are under media/posts/',
    'comments.json       your comments',
    'likes.json          the posts you liked',
    'follows.json        who you follow and who follows you',
    'help-requests.json  your help requests and SOS',
    'locations.json      your last location and location history',
    'voice-notes.json    your Voice Chat notes and recordings (media/voice/)',
    'id-card.json        your driver ID card',
    withVault
      ? 'vault.json          your personal documents (vault/), decrypted'
      : 'The vault was not included: ask again with your password to add its documents.',
    '',
  ].join('\r\n');

/**
 * Builds one archive: the JSON documents and every file, into private storage encrypted like
 * every private file; then the owner is told. A job retried after a crash starts over.
 */
export async function buildExport(
  deps: ExportDeps,
  exportId: string,
  withVault: boolean,
): Promise<void> {
  const row = await findExport(deps.db, exportId);
  if (!row || row.status !== 'building') return;
  const contents = await gatherExport(deps.db, row.userId, withVault);
  const key = exportKey(row.userId, exportId);
  const zip = zipWriter();
  const cipher = encryptStream(deps.fileKey);
  const piping = pipeline(zip.output, cipher);
  const stored = deps.storage.put(key, cipher, 'application/zip');
  try {
    await zip.addText('README.txt', readme(withVault));
    for (const [path, value] of Object.entries(contents.json)) {
      await zip.addText(path, JSON.stringify(value, null, 2));
    }
    for (const file of contents.files) {
      const source = file.encrypted
        ? (await decryptStored(deps.storage, file.key, deps.fileKey))?.stream
        : (await deps.storage.stat(file.key)) && (await deps.storage.read(file.key));
      // A file gone meanwhile (a post deleted while this ran) is left out, not a failure.
      if (source) await zip.addStream(file.path, source);
    }
    zip.end();
  } catch (error) {
    zip.abort(error as Error);
    await Promise.allSettled([piping, stored]);
    throw error;
  }
  const [, object] = await Promise.all([piping, stored]);
  const ready = await markExportReady(deps.db, exportId, {
    storageKey: key,
    bytes: object.size,
    expiresAt: new Date(Date.now() + accountLimits.exportValidHours * HOUR_MS),
  });
  if (!ready) {
    await deps.storage.delete(key);
    return;
  }
  await deps.notifier.notify({
    userId: row.userId,
    kind: 'data_export',
    link: '/my/profile?data=1',
    dedupeKey: `export:${exportId}`,
  });
}
