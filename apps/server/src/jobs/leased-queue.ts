import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Logger } from '../log.js';
import { withLease } from './lease.js';

/**
 * Media work on one row (a post, a voice note, a safety caution) that leaves the row
 * 'processing' until it ends. A killed worker must not leave it so: while a job runs its lease
 * is renewed (lease.ts), so a dead worker's job is retried within about a minute, and a job
 * that expired on its last try (which never reached the handler's last-attempt branch) goes to
 * the queue's dead letter, whose handler settles the row.
 */
export const gaveUpQueueOf = (queue: string) => `${queue}.gave-up`;

export async function createLeasedQueue(boss: PgBoss, queue: string): Promise<void> {
  await boss.createQueue(gaveUpQueueOf(queue));
  await boss.createQueue(queue);
  // Set apart from createQueue, which leaves a queue made by an earlier version as it was.
  await boss.updateQueue(queue, { name: queue, deadLetter: gaveUpQueueOf(queue) });
}

export interface LeasedWork<T extends object> {
  database: Database;
  log: Logger;
  queue: string;
  /** Does the work; on its last try a failure should settle the row itself. */
  work: (data: T, isLastAttempt: boolean) => Promise<void>;
  /** Settles the row of a job no try finished (its worker was killed on the last one). */
  gaveUp: (data: T) => Promise<void>;
  /** Each polls on its own: one slow job does not hold the others. */
  concurrency?: number;
}

export async function workLeased<T extends object>(boss: PgBoss, opts: LeasedWork<T>) {
  for (let i = 0; i < (opts.concurrency ?? 1); i++) {
    await boss.work<T>(
      opts.queue,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        await withLease(opts.database, job, opts.log, () =>
          opts.work(job.data, job.retryCount >= job.retryLimit),
        );
      },
    );
  }
  await boss.work<T>(gaveUpQueueOf(opts.queue), async (jobs) => {
    for (const job of jobs) await opts.gaveUp(job.data);
  });
}
