import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openPostgres, type Database } from '../src/db/client.js';
import { firstUse, reused } from './pglite-reuse.js';
import { oneAhead } from './one-ahead.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite database dumped by global-setup.ts. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database (TEST_DB=postgres) that each test file's database copies. */
    postgresTemplate: string;
    /** How the names of this run's copies start, so global teardown drops any left over. */
    postgresCopyPrefix: string;
  }
}

const urls = new WeakMap<Database, string>();

/** The connection string of a PostgreSQL test database, for a process of its own (the worker). */
export const databaseUrlOf = (database: Database): string | undefined => urls.get(database);

/** Read once per worker: the worker runs many files one after another (isolate: false). */
let snapshot: Promise<Blob> | undefined;

/**
 * Started before it is asked for, so its load overlaps the previous file's tests. Most files
 * get a database an earlier file closed (pglite-reuse.ts); this one is for the first file and
 * for a file that holds two at once.
 */
const nextPglite = oneAhead(async () => {
  snapshot ??= readFile(inject('pgliteSnapshot')).then((b) => new Blob([new Uint8Array(b)]));
  const client = new PGlite({ loadDataDir: await snapshot });
  // PGlite loads the snapshot on its first query: do it now, not in the file that takes it.
  await client.query('select 1');
  return client;
});

/**
 * Copied ahead, connected only when handed out: the copy left over at the end holds no
 * connection, and global teardown drops it by its name.
 */
const nextPostgresCopy = oneAhead(async () => {
  const name = `${inject('postgresCopyPrefix')}${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  return name;
});

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory loaded from the run's
 * snapshot (or one an earlier file closed, emptied), or (TEST_DB=postgres) a copy of the run's template database on the server
 * DATABASE_URL points at, dropped again on close. Each was made while the previous file
 * ran, so taking one costs the file next to nothing.
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    return (await reused()) ?? firstUse(await nextPglite());
  }
  const name = await nextPostgresCopy();
  const target = new URL(url);
  target.pathname = `/${name}`;
  // A test database is thrown away: its commits need not wait for the disk.
  target.searchParams.set('options', '-c synchronous_commit=off');
  const database = openPostgres(target.toString(), 5);
  const fresh: Database = {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  urls.set(fresh, target.toString());
  return fresh;
}
