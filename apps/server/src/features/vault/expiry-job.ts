import type { Db } from '../../db/client.js';
import type { Notifier } from '../notifications/index.js';
import { documentsExpiringWithin, markExpiryNotified, purgeUnlocks } from './queries.js';

/** A month ahead: time to renew a licence or insurance before a check post finds it. */
const NOTICE_DAYS = 30;

/** Tells owners about papers that expire soon (once per document) and drops dead unlocks. */
export async function vaultHousekeeping(deps: { db: Db; notifier: Notifier }): Promise<void> {
  await purgeUnlocks(deps.db);
  for (const doc of await documentsExpiringWithin(deps.db, NOTICE_DAYS)) {
    await deps.notifier.notify({
      userId: doc.userId,
      kind: 'document_expiring',
      text: `${doc.documentName} (${doc.documentType}): ${doc.expiresOn ?? ''}`,
      link: '/my/profile?documents=1',
      dedupeKey: `expiry:${doc.id}:${doc.expiresOn ?? ''}`,
    });
    await markExpiryNotified(deps.db, doc.id);
  }
}
