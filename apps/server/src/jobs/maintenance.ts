import type PgBoss from 'pg-boss';
import { purgeDeadSessions } from '../auth/sessions.js';
import type { Db } from '../db/client.js';

const PURGE_SESSIONS = 'maintenance.purge-sessions';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Daily housekeeping: dead sessions are removed a month after they stopped working. */
export async function startMaintenance(boss: PgBoss, db: Db): Promise<void> {
  await boss.createQueue(PURGE_SESSIONS);
  await boss.schedule(PURGE_SESSIONS, '17 3 * * *', {}, { tz: 'Asia/Kolkata' });
  await boss.work(PURGE_SESSIONS, async () => {
    await purgeDeadSessions(db, new Date(Date.now() - 30 * DAY_MS));
  });
}
