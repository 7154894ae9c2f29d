import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { Notifier } from '../notifications/service.js';
import { dueReminders, type Place } from './dhuhr.js';
import { reminderUserIds } from './queries.js';

const QUEUE = 'salah.reminders';
/** A reminder more than this late is noise; shorter would lose one to a worker restart. */
const WINDOW_MINUTES = 15;
const PAGE = 1000;

export interface SalahReminderDeps {
  db: Db;
  notifier: Notifier;
  /** The location service's view: last known coordinates of the given users. */
  lastLocationsOf(userIds: readonly string[]): Promise<Map<string, Place>>;
  /** Where to compute Dhuhr for users who never shared a location. */
  fallback: Place;
}

const timeInIndia = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Reminds everyone whose Dhuhr has just come, once per user and local day. */
export async function sendSalahReminders(deps: SalahReminderDeps, now = new Date()): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const ids = await reminderUserIds(deps.db, { after, limit: PAGE });
    if (ids.length === 0) return;
    const locations = await deps.lastLocationsOf(ids);
    const candidates = ids.map((userId) => ({ userId, location: locations.get(userId) ?? null }));
    for (const due of dueReminders(candidates, now, {
      fallback: deps.fallback,
      windowMinutes: WINDOW_MINUTES,
    })) {
      await deps.notifier.notify({
        userId: due.userId,
        kind: 'salah',
        text: timeInIndia.format(due.dhuhr),
        link: '/salah',
        dedupeKey: `salah:${due.day}`,
      });
    }
    after = ids.at(-1);
  }
}

/** Every minute: Dhuhr moves about four minutes per degree of longitude across India. */
export async function startSalahJobs(boss: PgBoss, deps: SalahReminderDeps): Promise<void> {
  await boss.createQueue(QUEUE);
  await boss.schedule(QUEUE, '* * * * *', {});
  await boss.work(QUEUE, () => sendSalahReminders(deps));
}
