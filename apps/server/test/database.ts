import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite database dumped by global-setup.ts. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database (TEST_DB=postgres) that each test file's database copies. */
    postgresTemplate: string;
  }
}

const urls = new WeakMap<Database, string>();

/** The connection string of a PostgreSQL test database, for a process of its own (the worker). */
export const databaseUrlOf = (database: Database): string | undefined => urls.get(database);

/** Read once per worker: the worker runs many files one after another (isolate: false). */
let snapshot: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory loaded from the run's
 * snapshot, or (TEST_DB=postgres) a copy of the run's template database on the server
 * DATABASE_URL points at, dropped again on close. Either takes well under a second.
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    snapshot ??= readFile(inject('pgliteSnapshot')).then((b) => new Blob([new Uint8Array(b)]));
    return openPglite(undefined, await snapshot);
  }
  const name = `saathi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 5);
  const fresh: Database = {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
  urls.set(fresh, target.toString());
  return fresh;
}
