import type { Logger } from '../../log.js';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { sendPush } from './push.js';
import type { PushPolicy } from '../../push-policy.js';
import { PUSH_QUEUE } from './service.js';

export async function createNotificationQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(PUSH_QUEUE);
}

export function notificationJobs(deps: {
  db: Db;
  log: Logger;
  subject: string;
  policy: PushPolicy;
}): FeatureJobs {
  return {
    createQueues: createNotificationQueues,
    async startWorkers(boss) {
      await boss.work<{ userId: string; notificationId: string }>(
        PUSH_QUEUE,
        { batchSize: 5, pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) await sendPush(deps, job.data.userId, job.data.notificationId);
        },
      );
    },
  };
}
