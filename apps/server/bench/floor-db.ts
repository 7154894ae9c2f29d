import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Rows as arrays, in select order: the floor maps them to objects itself, as drizzle does.
 * `name` makes it a named statement on PostgreSQL, where the app prepares the same one.
 */
export type Query = (text: string, values?: unknown[], name?: string) => Promise<unknown[][]>;

export interface FloorDb {
  query: Query;
  /** One transaction on one connection, like drizzle's db.transaction. */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The plain driver, no ORM: pg with the app's pool size (openPostgres), or PGlite on a data dir. */
export function openFloorDb(opts: { url?: string; dataDir?: string }): FloorDb {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    pool.on('error', () => undefined);
    const on =
      (client: pg.Pool | pg.PoolClient): Query =>
      async (text, values = [], name) =>
        (await client.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
    return {
      query: on(pool),
      async transaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn(on(client));
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback');
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = new PGlite(opts.dataDir);
  const query: Query = async (text, values = []) =>
    (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  return {
    query,
    transaction: (fn) =>
      client.transaction((tx) =>
        fn(
          async (text, values = []) =>
            (await tx.query<unknown[]>(text, values, { rowMode: 'array' })).rows,
        ),
      ),
    close: () => client.close(),
  };
}
