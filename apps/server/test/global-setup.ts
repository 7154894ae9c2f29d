import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { openUploadStore } from '../src/features/uploads/store.js';
import { startJobs } from '../src/jobs-root.js';
import { memoryHub } from '../src/realtime/hub.js';
import { localStorage } from '../src/storage/local.js';
import { testConfig } from './test-config.js';

/**
 * Creating a database and running every migration takes seconds; copying a migrated one
 * takes a fraction. One migrated database is made here and every test file starts from a
 * copy: a PGlite dump, and on PostgreSQL (TEST_DB=postgres) a template database.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'saathi-pglite-'));
  project.provide('pgliteSnapshot', await pgliteSnapshot(dir));
  const dropTemplate = await postgresTemplate(project);
  return async () => {
    await dropTemplate();
    await rm(dir, { recursive: true, force: true });
  };
}

/**
 * The migrated PGlite dump. `npm test` runs three Vitest runs that each need it and names a
 * folder for the whole command (TEST_PGLITE_CACHE): the first run to finish one leaves it
 * there and the later ones take it, instead of spending about 10 s of CPU each on the same
 * migrations. Written under another name and renamed, so a run never reads half a file.
 */
async function pgliteSnapshot(dir: string): Promise<string> {
  const cache = process.env.TEST_PGLITE_CACHE;
  const cached = cache ? join(cache, 'migrated.tar') : undefined;
  if (cached && existsSync(cached)) return cached;
  const database = openPglite(undefined);
  await database.migrate();
  await makeJobTables(database, dir);
  // A dump of a running database is a crashed one: without a checkpoint, every file's copy
  // would replay the migrations' WAL when it starts.
  await database.executeSql('CHECKPOINT');
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  if (!cached) return file;
  await copyFile(file, `${cached}.${process.pid}`);
  await rename(`${cached}.${process.pid}`, cached);
  return cached;
}

/**
 * The migrated template database of a PostgreSQL run; returns how to drop it again, with the
 * copies test/database.ts made ahead for a next file that never came.
 */
async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  project.provide('postgresTemplate', '');
  project.provide('postgresCopyPrefix', '');
  if (process.env.TEST_DB !== 'postgres' || !url) return async () => undefined;
  // Per run, so runs sharing a server drop only their own copies.
  const run = randomBytes(6).toString('hex');
  const name = `saathi_template_${run}`;
  const copyPrefix = `saathi_test_${run}_`;
  const admin = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<R>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Two connections: migrate() holds its lock on one and migrates on the other.
  const template = openPostgres(target.toString(), 2);
  await template.migrate();
  const jobsDir = await mkdtemp(join(tmpdir(), 'saathi-template-'));
  await makeJobTables(template, jobsDir);
  await rm(jobsDir, { recursive: true, force: true });
  // A template must have no open connections while it is copied.
  await template.close();
  project.provide('postgresTemplate', name);
  project.provide('postgresCopyPrefix', copyPrefix);
  return async () => {
    const left = await admin<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [copyPrefix],
    );
    for (const { datname } of left) await admin(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

/**
 * pg-boss's schema and every feature's queue, made once in the migrated database as the app's
 * start makes them (DDL), so each file's app finds them there instead of making them again:
 * about 0.3 s of every test file's start.
 */
async function makeJobTables(database: Database, dir: string): Promise<void> {
  const config = testConfig(dir);
  const jobs = await startJobs({
    database,
    storage: localStorage(join(dir, 'storage')),
    log: pino({ level: 'silent' }),
    workers: false,
    uploadStore: await openUploadStore(config),
    fileKey: config.fileKey,
    hub: memoryHub(),
    pushSubject: 'mailto:test@saathi.test',
  });
  await jobs.stop();
}
