import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserCalls, auditCalls, messages, type AuditEntryView } from '@saathi/contract';
import { postImages, reports, users } from '../../db/schema/index.js';
import { driverForm, expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

type Detail = { success: true } & Record<string, unknown> & {
    user: { _id: string; number: string; verification: string; verificationNote: string | null };
    documents: { _id: string; kind: string; mime: string; url: string }[];
    posts: { _id: string; removed: boolean; status: string; posterUrl: string | null }[];
    reportsAgainst: { postId: string; reason: string; person: { name: string } }[];
    reportsBy: { postId: string; person: { name: string } }[];
  };

describe('admin: users, drivers and admin accounts', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newUser(t, { usertype: 'admin', name: 'Asha Admin' });
  });
  afterAll(() => t.close());

  const as = (token: string) => bearer(token);
  const get = (url: string, token = admin.token) =>
    t.app.inject({ method: 'GET', url, headers: as(token) });
  const post = (url: string, payload: object, token = admin.token) =>
    t.app.inject({ method: 'POST', url, payload, headers: as(token) });
  const search = async (q: string, filter = 'all') => {
    const res = await get(`/api/v1/admin/users?q=${encodeURIComponent(q)}&filter=${filter}`);
    expect(res.statusCode, res.body).toBe(200);
    return adminUserCalls.search.response.parse(res.json()).users.map((u) => u._id);
  };
  const detail = async (userId: string) => {
    const res = await get(`/api/v1/admin/users/${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Detail;
  };
  const auditFor = async (userId: string): Promise<AuditEntryView[]> => {
    const res = await get(`/api/v1/admin/audit?targetType=user&targetId=${userId}`);
    return auditCalls.list.response.parse(res.json()).entries;
  };
  const registerDriver = async (number: string) => {
    const form = await driverForm({ number, name: 'Pending Prakash' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: nextIp(),
      ...form,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Token: string; user: { _id: string } };
  };

  describe('search', () => {
    it('finds by part of the name, by the whole number in any form, and by partial digits', async () => {
      const a = await newUser(t, { name: 'Gurpreet Singh', phone: '+919812345670' });
      const b = await newUser(t, { name: 'Gurmeet Kaur', phone: '+919855500011' });
      expect(await search('gur')).toEqual(expect.arrayContaining([a.user.id, b.user.id]));
      expect(await search('preet')).toEqual([a.user.id]);
      expect(await search('098123 45670')).toEqual([a.user.id]);
      expect(await search('+91 98123-45670')).toEqual([a.user.id]);
      expect(await search('55500')).toEqual([b.user.id]);
      expect(await search('%')).toEqual([]);
    });

    it('filters blocked accounts, admins and drivers awaiting verification', async () => {
      const pending = await newUser(t, { usertype: 'driver', verification: 'pending' });
      const blocked = await newUser(t, { name: 'Filtered Blocked' });
      await post(`/api/v1/admin/users/${blocked.user.id}/block`, { reason: 'Spam' });
      expect(await search('', 'pending')).toContain(pending.user.id);
      expect(await search('', 'pending')).not.toContain(blocked.user.id);
      expect(await search('', 'blocked')).toEqual([blocked.user.id]);
      expect(await search('', 'admins')).toContain(admin.user.id);
      expect(await search('', 'admins')).not.toContain(pending.user.id);
    });

    it('pages with a cursor without repeating anyone', async () => {
      for (let i = 0; i < 22; i += 1) await newUser(t, { name: `Paged Pooja ${i}` });
      const first = await get('/api/v1/admin/users?q=Paged%20Pooja');
      const one = adminUserCalls.search.response.parse(first.json());
      expect(one.users).toHaveLength(20);
      expect(one.nextCursor).not.toBeNull();
      const second = adminUserCalls.search.response.parse(
        (await get(`/api/v1/admin/users?q=Paged%20Pooja&cursor=${one.nextCursor}`)).json(),
      );
      expect(second.users).toHaveLength(2);
      expect(second.nextCursor).toBeNull();
      const ids = [...one.users, ...second.users].map((u) => u._id);
      expect(new Set(ids).size).toBe(22);
    });

    it('refuses a search longer than 60 characters', async () => {
      expectError(
        await get(`/api/v1/admin/users?q=${'a'.repeat(61)}`),
        400,
        messages.admin_search_too_long,
      );
    });
  });

  describe("a user's page", () => {
    it('shows the number to admins only, never on the ordinary profile', async () => {
      const person = await newUser(t, { name: 'Private Priya' });
      const other = await newUser(t);
      expect((await detail(person.user.id)).user.number).toBe(person.user.phone);
      const profile = await get(`/api/v1/user/profile/${person.user.id}`, other.token);
      expect(profile.statusCode).toBe(200);
      expect(profile.body).not.toContain(person.user.phone.slice(3));
      expectError(await get(`/api/v1/admin/users/${randomUUID()}`), 404, messages.user_not_found);
    });

    it('lists every post (removed and failed too) and reports against and by the user', async () => {
      const author = await newUser(t, { name: 'Author Arjun' });
      const reporter = await newUser(t, { name: 'Reporter Rani' });
      const ready = await newPost(t, author.user.id);
      const removed = await newPost(t, author.user.id, { removedAt: new Date() });
      const failed = await newPost(t, author.user.id, { status: 'failed', videoKey: null });
      await t.database.db.insert(reports).values({
        id: randomUUID(),
        postId: ready.id,
        reporterId: reporter.user.id,
        reason: 'Fake accident',
      });
      const pictures = await newPost(t, author.user.id, { videoKey: null, posterKey: null });
      const gone = await newPost(t, author.user.id, {
        videoKey: null,
        posterKey: null,
        removedAt: new Date(),
      });
      const key = (n: number) => `public/posts/${pictures.id}/image-${n}.jpg`;
      await t.database.db.insert(postImages).values([
        { id: randomUUID(), postId: pictures.id, position: 1, key: key(1) },
        { id: randomUUID(), postId: pictures.id, position: 0, key: key(0) },
        { id: randomUUID(), postId: pictures.id, position: 2, key: key(2) },
        // A removed post's files are deleted and its keys cleared: no thumbnail then.
        { id: randomUUID(), postId: gone.id, position: 0, key: null },
      ]);
      const page = await detail(author.user.id);
      expect(page.posts.map((p) => p._id).sort()).toEqual(
        [ready.id, removed.id, failed.id, pictures.id, gone.id].sort(),
      );
      expect(page.posts.find((p) => p._id === removed.id)?.removed).toBe(true);
      const thumbnail = (id: string) => page.posts.find((p) => p._id === id)?.posterUrl;
      expect(thumbnail(pictures.id)).toBe(`/media/posts/${pictures.id}/image-0.jpg`);
      expect(thumbnail(ready.id)).toMatch(/poster\.jpg$/);
      expect(thumbnail(gone.id)).toBeNull();
      expect(page.reportsAgainst).toEqual([
        expect.objectContaining({
          postId: ready.id,
          reason: 'Fake accident',
          person: expect.objectContaining({ name: 'Reporter Rani' }),
        }),
      ]);
      const byReporter = await detail(reporter.user.id);
      expect(byReporter.reportsBy).toEqual([
        expect.objectContaining({
          postId: ready.id,
          person: expect.objectContaining({ name: 'Author Arjun' }),
        }),
      ]);
    });

    it("streams a driver's documents decrypted, to admins only, never cached", async () => {
      const driver = await registerDriver('9700011122');
      const page = await detail(driver.user._id);
      expect(page.documents.map((d) => d.kind).sort()).toEqual(
        ['DrivingLicense', 'aadharFile', 'aadharFileBack'].sort(),
      );
      const sizes = { aadharFile: [4, 4], aadharFileBack: [5, 5], DrivingLicense: [6, 6] } as const;
      for (const doc of page.documents) {
        expect(doc.url).toMatch(/^\/api\/v1\/admin\//);
        const res = await get(doc.url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toContain('no-store');
        const [w, h] = sizes[doc.kind as keyof typeof sizes];
        expect(res.rawPayload.equals(pngImage(w, h))).toBe(true);
        expect((await get(doc.url, driver.Token)).statusCode).toBe(403);
      }
      const wrongOwner = page.documents[0]?.url.replace(driver.user._id, admin.user.id) ?? '';
      expect((await get(wrongOwner)).statusCode).toBe(404);
    });
  });

  describe('verification', () => {
    it('verifies a driver, tells them, lowers the pending count and writes the audit entry', async () => {
      const driver = await registerDriver('9700011133');
      const before = (await get('/api/v1/admin/dashboard')).json() as {
        counts: { pendingDrivers: number };
      };
      const res = await post(`/api/v1/admin/users/${driver.user._id}/verification`, {
        outcome: 'verified',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: messages.driver_verified,
        user: { verification: 'verified' },
      });
      const after = (await get('/api/v1/admin/dashboard')).json() as {
        counts: { pendingDrivers: number };
        recent: AuditEntryView[];
      };
      expect(after.counts.pendingDrivers).toBe(before.counts.pendingDrivers - 1);
      expect(after.recent[0]).toMatchObject({
        action: 'driver.verified',
        targetId: driver.user._id,
      });
      const inbox = (await get('/api/v1/notifications', driver.Token)).json() as {
        notifications: { kind: string; text: string | null }[];
      };
      expect(inbox.notifications[0]).toMatchObject({
        kind: 'verification',
        notice: 'driver_verified',
        text: null,
      });
      const me = (await get('/api/v1/me', driver.Token)).json() as {
        user: { verification: string };
      };
      expect(me.user.verification).toBe('verified');
    });

    it('rejects only with a reason, which the driver sees on their account and notification', async () => {
      const driver = await registerDriver('9700011144');
      const url = `/api/v1/admin/users/${driver.user._id}/verification`;
      expectError(await post(url, { outcome: 'rejected' }), 400, messages.admin_reason_required);
      expectError(
        await post(url, { outcome: 'rejected', reason: '   ' }),
        400,
        messages.admin_reason_required,
      );
      expectError(
        await post(url, { outcome: 'rejected', reason: 'x'.repeat(501) }),
        400,
        messages.admin_reason_too_long,
      );
      const res = await post(url, { outcome: 'rejected', reason: 'Licence photo is blurred' });
      expect(res.statusCode, res.body).toBe(200);
      const me = (await get('/api/v1/me', driver.Token)).json() as {
        user: { verification: string; verificationNote: string };
      };
      expect(me.user).toMatchObject({
        verification: 'rejected',
        verificationNote: 'Licence photo is blurred',
      });
      const inbox = (await get('/api/v1/notifications', driver.Token)).json() as {
        notifications: { kind: string; text: string | null }[];
      };
      // The sentence is the reader's language's; only the team's reason is stored with it.
      expect(inbox.notifications[0]).toMatchObject({
        kind: 'verification',
        notice: 'driver_rejected',
        text: 'Licence photo is blurred',
      });
      const [entry] = await auditFor(driver.user._id);
      expect(entry).toMatchObject({
        action: 'driver.rejected',
        reason: 'Licence photo is blurred',
        actor: { _id: admin.user.id, name: 'Asha Admin' },
        targetName: 'Pending Prakash',
      });
      expect(JSON.stringify(entry)).not.toContain('9700011144');
    });

    it('refuses to verify an account that is not a driver', async () => {
      const person = await newUser(t);
      expectError(
        await post(`/api/v1/admin/users/${person.user.id}/verification`, { outcome: 'verified' }),
        400,
        messages.not_a_driver,
      );
      expect(await auditFor(person.user.id)).toEqual([]);
    });
  });

  describe('blocking', () => {
    it('blocks with a reason: the open session is refused at once; unblock lets them sign in again', async () => {
      const person = await newUser(t, { name: 'Blocked Bhanu' });
      expect((await get('/api/v1/video/mine', person.token)).statusCode).toBe(200);
      const url = `/api/v1/admin/users/${person.user.id}/block`;
      expectError(await post(url, {}), 400, messages.admin_reason_required);
      const res = await post(url, { reason: 'Abusive comments' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        user: { blocked: true, block: { reason: 'Abusive comments' } },
      });
      expectError(
        await get('/api/v1/video/mine', person.token),
        403,
        messages.account_blocked,
        'account_blocked',
      );
      expectError(await post(url, { reason: 'again' }), 409, messages.already_blocked);

      const unblock = await post(`/api/v1/admin/users/${person.user.id}/unblock`, {
        reason: 'Apologised on the phone',
      });
      expect(unblock.statusCode, unblock.body).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: nextIp(),
        payload: { number: person.user.phone, password: person.password },
      });
      expect(login.statusCode).toBe(200);
      expectError(
        await post(`/api/v1/admin/users/${person.user.id}/unblock`, {}),
        409,
        messages.not_blocked,
      );
      const actions = (await auditFor(person.user.id)).map((e) => [e.action, e.reason]);
      expect(actions).toEqual([
        ['user.unblocked', 'Apologised on the phone'],
        ['user.blocked', 'Abusive comments'],
      ]);
    });

    it('refuses to block oneself or another admin (remove the role first)', async () => {
      expectError(
        await post(`/api/v1/admin/users/${admin.user.id}/block`, { reason: 'oops' }),
        403,
        messages.cannot_block_self,
      );
      const other = await newUser(t, { usertype: 'admin' });
      expectError(
        await post(`/api/v1/admin/users/${other.user.id}/block`, { reason: 'rogue' }),
        403,
        messages.cannot_block_admin,
      );
      const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
      expect(me?.blockedAt).toBeNull();
    });
  });

  describe('admin accounts', () => {
    it('creates an admin with the number normalised and an 8+ character password', async () => {
      const body = { name: 'Naya Admin', number: '098765 00001', password: 'short' };
      expectError(await post('/api/v1/admin/admins', body), 400, messages.reset_password_short);
      const res = await post('/api/v1/admin/admins', { ...body, password: 'long-enough-1' });
      expect(res.statusCode, res.body).toBe(200);
      const created = res.json() as { user: { _id: string; usertype: string; number: string } };
      expect(created.user).toMatchObject({ usertype: 'admin', number: '+919876500001' });
      expectError(
        await post('/api/v1/admin/admins', { ...body, password: 'long-enough-1' }),
        409,
        messages.number_taken,
      );
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: nextIp(),
        payload: { number: '9876500001', password: 'long-enough-1' },
      });
      expect(login.json()).toMatchObject({ user: { usertype: 'admin' } });
      const [entry] = await auditFor(created.user._id);
      expect(entry).toMatchObject({ action: 'admin.created', actor: { _id: admin.user.id } });
      expect(JSON.stringify(entry)).not.toContain('98765');
    });

    it('promotes a driver and demotes them back to driver; never oneself', async () => {
      const driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
      const promote = await post(`/api/v1/admin/users/${driver.user.id}/promote`, {
        reason: 'Runs the night desk',
      });
      expect(promote.json()).toMatchObject({
        message: messages.admin_promoted,
        user: { usertype: 'admin' },
      });
      expect((await get('/api/v1/admin/dashboard', driver.token)).statusCode).toBe(200);
      expectError(
        await post(`/api/v1/admin/users/${driver.user.id}/promote`, {}),
        409,
        messages.already_admin,
      );

      const demote = await post(`/api/v1/admin/users/${driver.user.id}/demote`, {
        reason: 'Left the team',
      });
      expect(demote.json()).toMatchObject({ user: { usertype: 'driver' } });
      expect((await get('/api/v1/admin/dashboard', driver.token)).statusCode).toBe(403);
      expectError(
        await post(`/api/v1/admin/users/${driver.user.id}/demote`, {}),
        409,
        messages.not_admin,
      );
      expectError(
        await post(`/api/v1/admin/users/${admin.user.id}/demote`, {}),
        403,
        messages.cannot_demote_self,
      );

      const actions = (await auditFor(driver.user.id)).map((e) => [e.action, e.reason, e.details]);
      expect(actions).toEqual([
        ['admin.demoted', 'Left the team', { to: 'driver' }],
        ['admin.promoted', 'Runs the night desk', { from: 'driver' }],
      ]);
    });
  });

  describe('audit log', () => {
    it('pages newest first and filters by action', async () => {
      for (let i = 0; i < 32; i += 1) {
        const person = await newUser(t, { name: `Audit Anil ${i}` });
        await post(`/api/v1/admin/users/${person.user.id}/block`, { reason: `Reason ${i}` });
      }
      const first = auditCalls.list.response.parse(
        (await get('/api/v1/admin/audit?action=user.blocked')).json(),
      );
      expect(first.entries).toHaveLength(30);
      expect(first.entries[0]?.reason).toBe('Reason 31');
      expect(first.entries.every((e) => e.action === 'user.blocked')).toBe(true);
      expect(first.actions).toEqual(expect.arrayContaining(['user.blocked', 'driver.verified']));
      const rest = auditCalls.list.response.parse(
        (await get(`/api/v1/admin/audit?action=user.blocked&cursor=${first.nextCursor}`)).json(),
      );
      const all = [...first.entries, ...rest.entries];
      expect(new Set(all.map((e) => e._id)).size).toBe(all.length);
      expect(rest.nextCursor).toBeNull();
      expectError(await get('/api/v1/admin/audit?cursor=nonsense'), 400, messages.cursor_invalid);
    });
  });
});
