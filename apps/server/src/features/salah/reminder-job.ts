import type { Db } from '../../db/client.js';
import type { Notifier } from '../notifications/index.js';
import { dueLongitudes, dueReminders, type Place } from './dhuhr.js';
import { reminderCandidates } from './queries.js';

/** A reminder more than this late is noise; shorter would lose one to a worker restart. */
const WINDOW_MINUTES = 15;
const PAGE = 1000;

export interface SalahReminderDeps {
  db: Db;
  notifier: Notifier;
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
  const band = dueLongitudes(now, WINDOW_MINUTES);
  let after: string | undefined;
  for (;;) {
    const candidates = await reminderCandidates(deps.db, {
      band,
      fallback: deps.fallback,
      after,
      limit: PAGE,
    });
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
    if (candidates.length < PAGE) return;
    after = candidates.at(-1)?.userId;
  }
}
