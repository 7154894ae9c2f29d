import { locationLimits } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { purgeHistory } from './queries.js';

const DAY_MS = 24 * 3600 * 1000;

/** Location history is personal data kept for 30 days (privacy policy), then deleted. */
export async function purgeLocationHistory(db: Db, now = new Date()): Promise<void> {
  await purgeHistory(db, new Date(now.getTime() - locationLimits.historyDays * DAY_MS));
}
