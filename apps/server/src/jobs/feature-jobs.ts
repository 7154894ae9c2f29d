import type PgBoss from 'pg-boss';

/**
 * What one feature registers with pg-boss, made by its `jobs.ts` and assembled in
 * `jobs-root.ts`. Queues that requests send to are created in every process, since an API
 * process without workers still sends; workers and schedules only where workers run.
 */
export interface FeatureJobs {
  createQueues?(boss: PgBoss): Promise<void>;
  startWorkers(boss: PgBoss): Promise<void>;
}
