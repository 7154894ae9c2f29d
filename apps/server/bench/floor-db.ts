import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Rows as arrays, in select order: the floor maps them to objects itself, as drizzle does.
 * `name` makes it a named statement on PostgreSQL, where the app prepares the same one.
 */
export type Query = (text: string, values?: unknown[], name?: string) => Promise<unknown[][]>;

export interface FloorDb {
  query: Query;
  close(): Promise<void>;
}

/** The plain driver, no ORM: pg with the app's pool size (openPostgres), or PGlite on a data dir. */
export function openFloorDb(opts: { url?: string; dataDir?: string }): FloorDb {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    pool.on('error', () => undefined);
    const query: Query = async (text, values = [], name) =>
      (await pool.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
    return { query, close: () => pool.end() };
  }
  const client = new PGlite(opts.dataDir);
  const query: Query = async (text, values = []) =>
    (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  return { query, close: () => client.close() };
}
