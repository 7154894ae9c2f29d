import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite database dumped by global-setup.ts. */
    pgliteSnapshot: string;
  }
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres)
 * a new database on the server DATABASE_URL points at, dropped again on close.
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const snapshot = await readFile(inject('pgliteSnapshot'));
    const database = openPglite(undefined, new Blob([new Uint8Array(snapshot)]));
    // Already migrated in the snapshot; this only confirms it (and catches a stale one).
    await database.migrate();
    return database;
  }
  const name = `saathi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 5);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
