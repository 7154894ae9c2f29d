import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * pg-boss on the application's own database connection: the same code path on PGlite
 * (one connection, queries queued) and on PostgreSQL (the pool).
 */
export function createBoss(
  database: Database,
  /** A process that only queues (a script) turns off maintenance and schedules. */
  roles: { supervise?: boolean; schedule?: boolean } = {},
): PgBoss {
  return new PgBoss({
    ...roles,
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    // Expiry is how a crashed worker's job comes back (see lease.ts): checked every 20 s
    // rather than every 2 minutes, one process doing it for all.
    maintenanceIntervalSeconds: 20,
  });
}
