import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.js';

/**
 * Creating a PGlite database (initdb in wasm) takes seconds; loading a copy of one takes a
 * fraction. One migrated database is made here and every test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'saathi-pglite-'));
  const database = openPglite(undefined);
  await database.migrate();
  const file = join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
