import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';

/**
 * Creating a database and running every migration takes seconds; copying a migrated one
 * takes a fraction. One migrated database is made here and every test file starts from a
 * copy: a PGlite dump, and on PostgreSQL (TEST_DB=postgres) a template database.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'saathi-pglite-'));
  const database = openPglite(undefined);
  await database.migrate();
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  const dropTemplate = await postgresTemplate(project);
  return async () => {
    await dropTemplate();
    await rm(dir, { recursive: true, force: true });
  };
}

/** The migrated template database of a PostgreSQL run; returns how to drop it again. */
async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  project.provide('postgresTemplate', '');
  if (process.env.TEST_DB !== 'postgres' || !url) return async () => undefined;
  const name = `saathi_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
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
  // A template must have no open connections while it is copied.
  await template.close();
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
