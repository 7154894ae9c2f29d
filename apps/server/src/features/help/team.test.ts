import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpCalls, messages, type TeamContact } from '@saathi/contract';
import { auditLog, teamContacts } from '../../db/schema/index.js';
import { demoTeamContacts, seedDemo } from '../../seed/demo.js';
import { expectError } from '../../../test/auth.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { bearer, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

const adminPath = helpCalls.createTeamContact.path;

describe('team contacts (Call Our Team)', () => {
  let t: TestApp;
  let admin: TestUser;
  let driver: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.database.db);
    admin = await quickUser(t, { usertype: 'admin' });
    driver = await quickUser(t, { usertype: 'driver' });
  });
  afterAll(() => t.close());

  const list = async (u: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: helpCalls.teamContacts.path,
      headers: bearer(u.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ contacts: TeamContact[] }>().contacts;
  };
  const write = (
    u: TestUser,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: bearer(u.token), payload });

  it('lists the seeded demo entries in order to any signed-in caller', async () => {
    expect(
      (await list(driver)).map(({ name, nameHi, number }) => ({ name, nameHi, number })),
    ).toEqual(demoTeamContacts.map(({ name, nameHi, number }) => ({ name, nameHi, number })));
    const res = await t.app.inject({ method: 'GET', url: helpCalls.teamContacts.path });
    expectError(res, 401, messages.not_signed_in);
  });

  it('lets admins create, edit and delete entries, each audited', async () => {
    const created = await write(admin, 'POST', adminPath, {
      name: 'Night Desk',
      nameHi: ' रात्रि डेस्क ',
      number: '1800 123 4567',
      position: 9,
    });
    expect(created.statusCode, created.body).toBe(200);
    const contact = created.json<{ contact: TeamContact }>().contact;
    expect(contact.nameHi).toBe('रात्रि डेस्क');
    expect((await list(driver)).at(-1)).toEqual(contact);

    const updated = await write(admin, 'PUT', `${adminPath}/${contact._id}`, {
      name: 'Night Help Desk',
      number: '+91 90000 20009',
      position: 0,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await list(driver)).map((c) => c.name)).toContain('Night Help Desk');
    // Sent without a Hindi name, the entry has none any more (every field is sent on edit).
    expect(updated.json<{ contact: TeamContact }>().contact.nameHi).toBeNull();

    const removed = await write(admin, 'DELETE', `${adminPath}/${contact._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(driver)).map((c) => c._id)).not.toContain(contact._id);
    expectError(
      await write(admin, 'DELETE', `${adminPath}/${contact._id}`),
      404,
      messages.team_contact_not_found,
    );

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, contact._id));
    expect(audit.map((e) => e.action).sort()).toEqual([
      'team_contact.created',
      'team_contact.deleted',
      'team_contact.updated',
    ]);
    expect(audit.every((e) => e.actorId === admin.user.id && e.targetType === 'team_contact')).toBe(
      true,
    );
  });

  it('refuses bad names and numbers and writes nothing', async () => {
    const before = await t.database.db.select().from(teamContacts);
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '+91 90000 20001' }, messages.team_name_required],
      [{ name: ' ', number: '+91 90000 20001' }, messages.team_name_required],
      [{ name: 'x'.repeat(61), number: '+91 90000 20001' }, messages.team_name_too_long],
      [
        { name: 'Desk', nameHi: 'न'.repeat(61), number: '+91 90000 20001' },
        messages.team_name_too_long,
      ],
      [{ name: 'Desk' }, messages.team_number_invalid],
      [{ name: 'Desk', number: 'ring ring' }, messages.team_number_invalid],
      [{ name: 'Desk', number: '12' }, messages.team_number_invalid],
      [{ name: 'Desk', number: '+91 90000 20001 ext 5' }, messages.team_number_invalid],
    ];
    const [first] = before;
    for (const [body, message] of cases) {
      expectError(await write(admin, 'POST', adminPath, body), 400, message);
      expectError(await write(admin, 'PUT', `${adminPath}/${first?.id}`, body), 400, message);
    }
    expect(await t.database.db.select().from(teamContacts)).toEqual(before);
  });

  it('refuses non-admins every change', async () => {
    const [first] = await list(driver);
    const user = await quickUser(t, { usertype: 'user' });
    const body = { name: 'Fake Team', number: '+91 90000 29999' };
    for (const who of [driver, user]) {
      for (const [method, url] of [
        ['POST', adminPath],
        ['PUT', `${adminPath}/${first?._id}`],
        ['DELETE', `${adminPath}/${first?._id}`],
      ] as const) {
        expectError(await write(who, method, url, body), 403, messages.forbidden);
      }
    }
    expect((await list(driver)).map((c) => c.name)).not.toContain('Fake Team');
  });

  it('answers 404 for an unknown entry', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(
      await write(admin, 'PUT', `${adminPath}/${missing}`, { name: 'X', number: '100' }),
      404,
      messages.team_contact_not_found,
    );
  });
});
