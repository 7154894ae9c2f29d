import type PgBoss from 'pg-boss';

/** What features need from the job system: put work on a named queue. */
export interface JobQueue {
  send(queue: string, data: object): Promise<void>;
}

/** Retries with back-off; a job that keeps failing ends as failed, and the feature is told. */
export const jobDefaults = {
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export function bossQueue(boss: PgBoss): JobQueue {
  return {
    async send(queue, data) {
      await boss.send(queue, data, jobDefaults);
    },
  };
}
