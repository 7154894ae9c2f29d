import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { eraseDueAccounts, type EraseDeps } from './erase.js';
import { buildExport, type ExportDeps } from './export/build.js';
import { purgeExpiredExports } from './export/purge.js';
import { EXPORT_QUEUE, type ExportJob } from './export/service.js';
import { eraseDecidedIdentityImages } from './identity-images.js';

const ERASE_DUE = 'account.erase-due';
const IDENTITY_IMAGES = 'account.identity-images';
const PURGE_EXPORTS = 'account.purge-exports';

/**
 * The jobs of the owner's rights over their data: erasure after the deletion grace period,
 * identity images erased `identityImageDays` after the verification decision, data downloads
 * built and, after their 24 hours, deleted.
 */
export function accountJobs(
  deps: EraseDeps & ExportDeps & { identityImageDays: number },
): FeatureJobs {
  return {
    async createQueues(boss) {
      await boss.createQueue(EXPORT_QUEUE);
    },
    async startWorkers(boss) {
      await boss.createQueue(ERASE_DUE);
      // Every quarter hour: an account goes within minutes of its grace period's end.
      await boss.schedule(ERASE_DUE, '*/15 * * * *', {}, { tz: 'Asia/Kolkata' });
      await boss.work(ERASE_DUE, async () => {
        await eraseDueAccounts(deps);
      });
      await boss.createQueue(IDENTITY_IMAGES);
      await boss.schedule(IDENTITY_IMAGES, '37 2 * * *', {}, { tz: 'Asia/Kolkata' });
      await boss.work(IDENTITY_IMAGES, async () => {
        await eraseDecidedIdentityImages(deps, deps.identityImageDays);
      });
      await boss.work<ExportJob>(EXPORT_QUEUE, async ([job]) => {
        if (job) await buildExport(deps, job.data.exportId, job.data.withVault);
      });
      await boss.createQueue(PURGE_EXPORTS);
      await boss.schedule(PURGE_EXPORTS, '8 * * * *', {}, { tz: 'Asia/Kolkata' });
      await boss.work(PURGE_EXPORTS, async () => {
        await purgeExpiredExports(deps);
      });
    },
  };
}
