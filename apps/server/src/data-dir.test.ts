import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openRuntime } from './runtime.js';
import { bufferStream } from './storage/encryption.js';

/** Every file and folder below dir (dir included) whose mode lets group or others in. */
async function openToOthers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = [dir, ...entries.map((e) => join(e.parentPath, e.name))];
  const modes = await Promise.all(paths.map(async (p) => ({ p, mode: (await lstat(p)).mode })));
  return modes
    .filter(({ mode }) => (mode & 0o077) !== 0 && (mode & 0o170000) !== 0o120000)
    .map(({ p, mode }) => `${p.slice(dir.length)} ${(mode & 0o777).toString(8)}`);
}

describe('the data folder', () => {
  const root = mkdtemp(join(tmpdir(), 'saathi-modes-'));
  afterAll(async () => rm(await root, { recursive: true, force: true }));

  it('is the owner’s only: the embedded database, stored files, the outbox and what an older install left', async () => {
    const dataDir = join(await root, 'data');
    // An install from before: a world-writable folder and file.
    await mkdir(join(dataDir, 'storage/old'), { recursive: true });
    await writeFile(join(dataDir, 'storage/old/file'), 'x');
    await chmod(join(dataDir, 'storage/old/file'), 0o666);
    await chmod(join(dataDir, 'storage/old'), 0o777);
    await chmod(dataDir, 0o777);

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    const runtime = await openRuntime(config);
    try {
      await runtime.storage.put('public/new/file', bufferStream(Buffer.from('y')), 'text/plain');
      await runtime.smsFor(pino({ level: 'silent' })).send('+919876543210', 'hi');
      await runtime.database.executeSql('CREATE TABLE mode_probe (id int)');
    } finally {
      await runtime.close();
    }

    expect(await readdir(join(dataDir, 'db'))).not.toEqual([]);
    expect(await openToOthers(dataDir)).toEqual([]);
  });
});
