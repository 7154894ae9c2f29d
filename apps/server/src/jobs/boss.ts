import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * pg-boss on the application's own database connection: the same code path on PGlite
 * (one connection, queries queued) and on PostgreSQL (the pool).
 */
export function createBoss(database: Database): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
  });
}
