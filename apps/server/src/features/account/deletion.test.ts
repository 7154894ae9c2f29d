import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimits, messages, notificationStreamPath } from '@saathi/contract';
import { startSession } from '../../auth/sessions.js';
import { auditLog, posts, users } from '../../db/schema/index.js';
import { openUploadStore } from '../uploads/index.js';
import { expectError } from '../../../test/auth.js';
import { fillAccount } from '../../../test/account-data.js';
import {
  bearer,
  filesUnder,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { openSse } from '../../../test/sse-client.js';
import { eraseDueAccounts } from './erase.js';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

const requestDeletion = (u: TestUser, password: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/me/deletion',
    headers: bearer(u.token),
    payload: { password },
  });
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
const login = (number: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { number, password },
    remoteAddress: nextIp(),
  });
const eraseDue = async () =>
  eraseDueAccounts({
    db: t.database.db,
    storage: t.storage,
    uploadStore: await openUploadStore(t.config),
    hub: t.hub,
    log: pino({ level: 'silent' }),
  });
/** The grace period passes: the deletion time is moved into the past. */
const graceOver = (userId: string) =>
  t.database.db
    .update(users)
    .set({ deletionDueAt: new Date(Date.now() - 1000) })
    .where(eq(users.id, userId));

/** Every row of every table of the app whose text holds `needle`, as "table: row". */
async function rowsHolding(needle: string): Promise<string[]> {
  const tables = await t.database.executeSql(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name: table } of tables.rows as { table_name: string }[]) {
    const rows = await t.database.executeSql(
      `select t::text as row from "${table}" t where t::text ilike $1`,
      [`%${needle}%`],
    );
    for (const r of rows.rows as { row: string }[]) found.push(`${table}: ${r.row}`);
  }
  return found;
}

describe('delete my account', () => {
  it('needs the right password, and refuses a missing one with a clear message', async () => {
    const u = await newUser(t);
    expectError(await requestDeletion(u, ''), 400, messages.deletion_password_required);
    expectError(await requestDeletion(u, 'wrong'), 403, messages.deletion_password_invalid);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row?.deletionDueAt).toBeNull();
  });

  it('starts a 7-day grace period: this device stays, the others are signed out', async () => {
    const u = await newUser(t);
    const other = await startSession(t.database.db, t.config.jwtSecret, u.user.id);
    const res = await requestDeletion(u, u.password);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; deletionDueAt: string }>();
    expect(body.message).toBe(messages.deletion_scheduled);
    const days = (Date.parse(body.deletionDueAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(accountLimits.deletionGraceDays - 0.01);
    expect(days).toBeLessThanOrEqual(accountLimits.deletionGraceDays);

    const mine = await me(u.token);
    expect(mine.json<{ user: { deletionDueAt: string } }>().user.deletionDueAt).toBe(
      body.deletionDueAt,
    );
    expect((await me(other.token)).statusCode).toBe(401);
    expectError(await requestDeletion(u, u.password), 409, messages.deletion_already_scheduled);
  });

  it('is cancelled by signing in within the grace period, and by the banner button', async () => {
    const u = await newUser(t);
    expect((await requestDeletion(u, u.password)).statusCode).toBe(200);
    const signedIn = await login(u.user.phone, u.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const answer = signedIn.json<{ message: string; user: { deletionDueAt: string | null } }>();
    expect(answer.message).toBe(messages.deletion_cancelled);
    expect(answer.user.deletionDueAt).toBeNull();
    await eraseDue();
    expect((await me(u.token)).statusCode).toBe(200);

    expect((await requestDeletion(u, u.password)).statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/deletion',
      headers: bearer(u.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<{ message: string }>().message).toBe(messages.deletion_cancelled);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/deletion',
      headers: bearer(u.token),
    });
    expectError(again, 409, messages.deletion_not_scheduled);
  });

  it('keeps an admin who stays: refuses the last one leaving or losing the role', async () => {
    const first = await newUser(t, { usertype: 'admin', name: 'Asha Admin' });
    const existingAdmins = await t.database.db
      .select()
      .from(users)
      .where(eq(users.usertype, 'admin'));
    expect(existingAdmins).toHaveLength(1);
    expectError(await requestDeletion(first, first.password), 403, messages.deletion_last_admin);

    const second = await newUser(t, { usertype: 'admin', name: 'Bala Admin' });
    expect((await requestDeletion(first, first.password)).statusCode).toBe(200);
    // The first is leaving: the second is now the last one who stays.
    expectError(await requestDeletion(second, second.password), 403, messages.deletion_last_admin);

    // Nor may the leaving one take the role from the last who stays; another they may.
    const demote = (target: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${target.user.id}/demote`,
        headers: bearer(first.token),
        payload: {},
      });
    expectError(await demote(second), 403, messages.demotion_last_admin);
    const third = await newUser(t, { usertype: 'admin', name: 'Chitra Admin' });
    expect((await demote(third)).statusCode).toBe(200);
    const admins = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.usertype, 'admin'));
    expect(admins.map((a) => a.id).sort()).toEqual([first.user.id, second.user.id].sort());
  });

  it('after the grace period erases the account everywhere, keeping only the record', async () => {
    const other = await newUser(t, { name: 'Staying Salma' });
    const before = new Set(await filesUnder(join(t.dataDir, 'storage')));
    const filled = await fillAccount(t, other);
    const { driver } = filled;
    const stream = await openSse(`${origin}${notificationStreamPath}`, {
      cookie: `Token=${driver.token}`,
    });
    await stream.next('count');
    const grown = await filesUnder(join(t.dataDir, 'storage'));
    // Identity images, profile photo, vault file, ID card photo, posts and voice note.
    expect(grown.filter((f) => !before.has(f) && !f.endsWith('.meta')).length).toBeGreaterThan(8);
    const [otherBefore] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, other.user.id));
    expect(otherBefore).toMatchObject({ followersCount: 1, followingCount: 1 });

    expect((await requestDeletion(driver, driver.password)).statusCode).toBe(200);
    await graceOver(driver.user.id);
    // Past its time the account can neither act nor be saved by signing in.
    expect((await me(driver.token)).statusCode).toBe(401);
    expect((await login(driver.user.phone, driver.password)).statusCode).toBe(401);
    expect(await eraseDue()).toBe(1);
    await stream.ended;

    expect(await rowsHolding(driver.user.phone.slice(3))).toEqual([]);
    expect(await rowsHolding('Erase Me Ravi')).toEqual([]);
    const left = await rowsHolding(driver.user.id);
    // Only the audit log keeps the account's id, with no name or number: the erasure itself.
    expect(left.every((r) => r.startsWith('audit_log: '))).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, driver.user.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'account.erased', actorName: 'Saathi' });
    expect(audit[0]?.details).toMatchObject({
      reportsAgainst: [{ reason: 'Rash driving', status: 'open' }],
      reportsMade: [{ reason: 'Rash driving', status: 'open' }],
    });

    const after = await filesUnder(join(t.dataDir, 'storage'));
    expect(after.filter((f) => !before.has(f))).toEqual([]);

    // What stayed with others no longer counts the erased account.
    const [otherPost] = await t.database.db
      .select()
      .from(posts)
      .where(eq(posts.id, filled.otherPostId));
    expect(otherPost).toMatchObject({ likeCount: 0, commentCount: 0 });
    const [otherAfter] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, other.user.id));
    expect(otherAfter).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it("anonymises an erased admin's past actions in the audit log", async () => {
    const leaving = await newUser(t, { usertype: 'admin', name: 'Leaving Lata' });
    await newUser(t, { usertype: 'admin', name: 'Staying Sita' });
    const target = await newUser(t);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${target.user.id}/block`,
      headers: bearer(leaving.token),
      payload: { reason: 'Spam' },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await requestDeletion(leaving, leaving.password)).statusCode).toBe(200);
    await graceOver(leaving.user.id);
    await eraseDue();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'user.blocked' and ${auditLog.targetId} = ${target.user.id}`);
    expect(entry).toMatchObject({ actorId: null, actorName: 'Deleted account', reason: 'Spam' });
    expect(await rowsHolding('Leaving Lata')).toEqual([]);
  });
});
