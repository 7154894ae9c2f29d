import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.js';
import { openDatabase, type Database } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';

const serverDir = join(import.meta.dirname, '..', '..');

/** `npm run create-admin` as an operator runs it, on the embedded database in `dataDir`. */
function createAdmin(dataDir: string, args: string[]): Promise<{ code: number | null }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/scripts/create-admin.ts', ...args],
    {
      cwd: serverDir,
      // Always the embedded database, whatever the test run points DATABASE_URL at.
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code })));
}

describe('npm run create-admin', () => {
  let dataDir: string;
  /** Opens the script's database between runs (PGlite has one owner at a time). */
  async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = openDatabase({ dataDir });
    try {
      await database.migrate();
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const userOf = (phone: string) =>
    withDb(async (d) => (await d.db.select().from(users).where(eq(users.phone, phone)))[0]);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'saathi-create-admin-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates an admin account', async () => {
    const run = await createAdmin(dataDir, [
      ...['--name', 'Asha Verma', '--number', '9876500001', '--password', 'long secret'],
    ]);
    expect(run.code).toBe(0);
    expect(await userOf('+919876500001')).toMatchObject({ name: 'Asha Verma', usertype: 'admin' });
  });

  it('makes an existing account admin with the new password, ending its old sign-ins', async () => {
    const id = randomUUID();
    await withDb(async (d) => {
      await d.db.insert(users).values({
        id,
        name: 'Ravi Kumar',
        phone: '+919876500002',
        passwordHash: await hashPassword('old-pass'),
        usertype: 'user',
        verification: 'not_required',
      });
      await d.db
        .insert(sessions)
        .values({ id: randomUUID(), userId: id, expiresAt: new Date(Date.now() + 86_400_000) });
    });
    const run = await createAdmin(dataDir, ['--number', '9876500002', '--password', 'new secret']);
    expect(run.code).toBe(0);
    expect(await userOf('+919876500002')).toMatchObject({ usertype: 'admin' });
    const left = await withDb((d) => d.db.select().from(sessions).where(eq(sessions.userId, id)));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ revokedReason: 'password_reset' });
    expect(left[0]?.revokedAt).not.toBeNull();
  });

  it('refuses a blocked account and changes nothing', async () => {
    const before = await withDb(async (d) => {
      const [row] = await d.db
        .insert(users)
        .values({
          id: randomUUID(),
          name: 'Blocked Bala',
          phone: '+919876500003',
          passwordHash: await hashPassword('old-pass'),
          usertype: 'user',
          verification: 'not_required',
          blockedAt: new Date(),
          blockReason: 'Spam',
        })
        .returning();
      return row;
    });
    const run = await createAdmin(dataDir, ['--number', '9876500003', '--password', 'new secret']);
    expect(run.code).toBe(1);
    expect(await userOf('+919876500003')).toEqual(before);
  });
});
