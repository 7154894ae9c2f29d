import type PgBoss from 'pg-boss';
import { locationLimits } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { purgeHistory } from './queries.js';

const QUEUE = 'location.purge-history';
const DAY_MS = 24 * 3600 * 1000;

/** Location history is personal data kept for 30 days (privacy policy), then deleted. */
export async function purgeLocationHistory(db: Db, now = new Date()): Promise<void> {
  await purgeHistory(db, new Date(now.getTime() - locationLimits.historyDays * DAY_MS));
}

/** Hourly, so each run deletes an hour's worth of rows rather than a day's in one go. */
export async function startLocationJobs(boss: PgBoss, deps: { db: Db }): Promise<void> {
  await boss.createQueue(QUEUE);
  await boss.schedule(QUEUE, '23 * * * *', {}, { tz: 'Asia/Kolkata' });
  await boss.work(QUEUE, () => purgeLocationHistory(deps.db));
}
