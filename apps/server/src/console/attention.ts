import { and, count, eq } from 'drizzle-orm';
import type { Logger } from '../log.js';
import type { AttentionCounts } from '@saathi/contract';
import type { Db } from '../db/client.js';
import { helpRequests, reports, users } from '../db/schema/index.js';
import type { Hub } from '../realtime/hub.js';

/** A driver whose documents wait for an admin's decision; also a filter of the users list. */
export const pendingDriver = and(eq(users.usertype, 'driver'), eq(users.verification, 'pending'));

/** Every admin's stream listens here. */
export const adminChannel = 'admin';

export async function attentionCounts(db: Db): Promise<AttentionCounts> {
  const [openReports, openHelp, pending] = await Promise.all([
    db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
    db.select({ n: count() }).from(helpRequests).where(eq(helpRequests.status, 'open')),
    db.select({ n: count() }).from(users).where(pendingDriver),
  ]);
  return {
    openReports: openReports[0]?.n ?? 0,
    openHelpRequests: openHelp[0]?.n ?? 0,
    pendingDrivers: pending[0]?.n ?? 0,
  };
}

/** Tells every connected admin the new counts; call it after anything that changes them. */
export async function announceAttention(db: Db, hub: Hub): Promise<void> {
  await hub.publish(adminChannel, 'counts', await attentionCounts(db));
}

/**
 * For features outside the console (a report filed, a driver signing up): their action is
 * done and answered either way, so a failed announcement is only logged.
 */
export function attentionAnnouncer(db: Db, hub: Hub, log: Logger): () => Promise<void> {
  return () =>
    announceAttention(db, hub).catch((err: unknown) =>
      log.error({ err }, 'announcing attention counts failed'),
    );
}
