import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { sendSalahReminders, type SalahReminderDeps } from './reminder-job.js';

const QUEUE = 'salah.reminders';

export function salahJobs(deps: SalahReminderDeps): FeatureJobs {
  return {
    /** Every minute: Dhuhr moves about four minutes per degree of longitude across India. */
    async startWorkers(boss) {
      await boss.createQueue(QUEUE);
      await boss.schedule(QUEUE, '* * * * *', {});
      await boss.work(QUEUE, () => sendSalahReminders(deps));
    },
  };
}
