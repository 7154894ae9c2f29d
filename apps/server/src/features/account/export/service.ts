import { randomUUID } from 'node:crypto';
import type { Logger } from '../../../log.js';
import { accountCalls, callPath, said } from '@saathi/contract';
import type { RateLimiter } from '../../../auth/rate-limiter.js';
import type { Viewer } from '../../../auth/viewer.js';
import type { Db } from '../../../db/client.js';
import { Conflict, HttpError, NotFound, TooMany } from '../../../http/errors.js';
import type { JobQueue } from '../../../jobs/queue.js';
import { decryptStored } from '../../../storage/encryption.js';
import type { Storage } from '../../../storage/storage.js';
import type { VaultProof, VaultService } from '../../vault/index.js';
import { buildingExport, findExport, insertExport, latestExport } from './queries.js';

export const EXPORT_QUEUE = 'account.export';
/** An archive still 'building' after this long has failed (its job gave up). */
export const BUILD_GIVE_UP_MS = 60 * 60 * 1000;
/** Archives a user may ask for per hour: each copies every video they posted. */
const EXPORTS_PER_HOUR = 3;

export interface ExportJob {
  exportId: string;
  withVault: boolean;
}

/** Download my data: ask for an archive, see how it stands, download it (owner only, 24 h). */
export function createExportService(deps: {
  db: Db;
  storage: Storage;
  fileKey: Buffer;
  jobs: JobQueue;
  limiter: RateLimiter;
  vault: VaultService;
  log: Logger;
}) {
  const { db } = deps;

  return {
    async request(viewer: Viewer, vault: VaultProof) {
      // The vault's documents only with the vault's own proof: its password or a live unlock.
      const withVault = vault.password !== undefined || vault.token !== undefined;
      if (withVault) await deps.vault.assertUnlocked(viewer, vault);
      if (await buildingExport(db, viewer.user.id, new Date(Date.now() - BUILD_GIVE_UP_MS))) {
        throw Conflict('export_in_progress');
      }
      // Counted here, not by the contract: a refused request (vault locked, one still being
      // built) must not spend one of the hour's downloads.
      const wait = await deps.limiter.hit(`export:user:${viewer.user.id}`, EXPORTS_PER_HOUR, 3600);
      if (wait > 0) throw TooMany(wait);
      const exportId = randomUUID();
      await insertExport(db, exportId, viewer.user.id);
      const job: ExportJob = { exportId, withVault };
      await deps.jobs.send(EXPORT_QUEUE, job);
      return { success: true as const, ...said('export_started'), exportId };
    },

    async latest(viewer: Viewer) {
      const row = await latestExport(db, viewer.user.id);
      const expired = row?.expiresAt ? row.expiresAt.getTime() <= Date.now() : false;
      // Still 'building' past the give-up time: its job failed for good.
      const abandoned =
        row?.status === 'building' && row.createdAt.getTime() <= Date.now() - BUILD_GIVE_UP_MS;
      return {
        success: true as const,
        export:
          row && !expired
            ? {
                _id: row.id,
                status: abandoned ? ('failed' as const) : row.status,
                createdAt: row.createdAt.toISOString(),
                expiresAt: row.expiresAt?.toISOString() ?? null,
                url:
                  row.status === 'ready'
                    ? callPath(accountCalls.downloadExport.path, { exportId: row.id })
                    : null,
              }
            : null,
      };
    },

    /** Someone else's archive is answered like one that does not exist. */
    async download(viewer: Viewer, exportId: string) {
      const row = await findExport(db, exportId);
      if (!row || row.userId !== viewer.user.id) throw NotFound('export_not_found');
      if (row.status !== 'ready' || !row.storageKey) throw Conflict('export_in_progress');
      if (!row.expiresAt || row.expiresAt.getTime() <= Date.now()) {
        throw new HttpError(410, 'export_expired');
      }
      const file = await decryptStored(deps.storage, row.storageKey, deps.fileKey);
      if (!file) throw new HttpError(410, 'export_expired');
      return { ...file, createdAt: row.createdAt };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
