import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/**
 * pg-boss on the application's own database: PGlite through its executeSql hook when
 * embedded, a connection string on PostgreSQL so workers may run in other processes.
 */
export function createBoss(database: Database, databaseUrl: string | undefined): PgBoss {
  if (databaseUrl) return new PgBoss({ connectionString: databaseUrl, max: 4 });
  return new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) => database.executeSql(text, values),
    },
  });
}
