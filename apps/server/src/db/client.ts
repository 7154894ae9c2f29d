import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../server-root.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction; it is also a Db, so helpers taking a Db join the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const migrationsFolder = resolve(serverRoot, 'drizzle');
/** Any constant: it only has to be the same in every process that migrates this database. */
const STARTUP_LOCK = 724_311;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for infrastructure that speaks SQL itself (pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock, so start-up work (schema creation by
   * pg-boss) done by several processes at once happens one process at a time.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgliteDatabase extends Database {
  /** The whole database as a tarball, to start other instances from (test snapshots). */
  dump(): Promise<Blob>;
}

/**
 * PGlite: `dataDir` on disk, or in memory when undefined (tests); `from` starts it as a
 * copy of a dumped database instead of an empty one.
 */
export function openPglite(dataDir: string | undefined, from?: Blob): PgliteDatabase {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // One options object: PGlite reads its second argument only when the first is a path, so
  // `new PGlite(undefined, { loadDataDir })` silently starts an empty database instead.
  return pgliteDatabase(new PGlite({ dataDir, loadDataDir: from }));
}

/** The Database over a PGlite instance that is already open (tests hand one out again). */
export function pgliteDatabase(client: PGlite): PgliteDatabase {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values = []) {
      // PGlite's query() takes one statement; pg-boss sends multi-statement scripts without values.
      if (values.length === 0 && text.includes(';')) {
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      }
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    dump: () => client.dumpDataDir('none'),
    // One process owns a PGlite database: nothing to wait for.
    exclusive: (fn) => fn(),
    async close() {
      await client.close();
    },
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops (restart, failover, admin kill) emits 'error' on the
  // pool; unheard, that event crashes the process. The pool replaces the connection itself.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async executeSql(text, values = []) {
      const result = await pool.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async migrate() {
      // Several API processes may start at once against one database: one migrates, the rest wait.
      await this.exclusive(() => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }));
    },
    async exclusive(fn) {
      // The lock lives on one connection; the work may use any other connection of the pool.
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Database {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(resolve(opts.dataDir, 'db'));
}
