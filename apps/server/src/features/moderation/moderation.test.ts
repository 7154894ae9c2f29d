import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type AppNotification, type ReportedPost } from '@saathi/contract';
import { auditLog, notifications, reports, users, type PostRow } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { feedPage, getPost } from '../../../test/feed-helpers.js';
import {
  bearer,
  filesUnder,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

describe('the reports queue and its actions', () => {
  let t: TestApp;
  let admin: TestUser;
  let author: TestUser;
  let ravi: TestUser;
  let sunita: TestUser;
  let imran: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await newUser(t, { usertype: 'admin', name: 'Asha Admin' });
    author = await newUser(t, { usertype: 'driver', name: 'Vikram' });
    ravi = await newUser(t, { name: 'Ravi' });
    sunita = await newUser(t, { name: 'Sunita' });
    imran = await newUser(t, { name: 'Imran' });
  });
  afterAll(() => t.close());

  const report = async (who: TestUser, videoId: string, reason: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/report',
      headers: bearer(who.token),
      payload: { videoId, reason },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const queue = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports${query ? `?${query}` : ''}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: true; items: ReportedPost[]; nextCursor: string | null }>();
  };
  const act = (action: string, videoId: string, payload: object, token = admin.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/reports/${videoId}/${action}`,
      headers: bearer(token),
      payload,
    });
  const deletePost = (videoId: string, token: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/product/${videoId}`,
      headers: bearer(token),
    });
  const filesOf = (postId: string) =>
    filesUnder(join(t.dataDir, 'storage', 'public', 'posts', postId));
  const outcomeOf = async (userId: string, postId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.postId, postId)));
  const auditOf = (targetId: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  async function postWithFiles(overrides: Partial<PostRow> = {}): Promise<PostRow> {
    const post = await newPost(t, author.user.id, overrides);
    for (const key of [post.videoKey ?? '', post.posterKey ?? '']) {
      await t.storage.put(key, Readable.from([Buffer.from(`bytes of ${key}`)]), 'video/mp4');
    }
    return post;
  }

  it('refuses the queue and every action to normal users and drivers (403), and without a token (401)', async () => {
    const post = await postWithFiles();
    await report(ravi, post.id, 'Spam');
    for (const who of [ravi, author]) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/reports',
        headers: bearer(who.token),
      });
      expectError(list, 403, messages.forbidden, 'forbidden');
      for (const action of ['dismiss', 'remove', 'remove-and-block']) {
        expectError(
          await act(action, post.id, { reason: 'x' }, who.token),
          403,
          messages.forbidden,
        );
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/reports' })).statusCode).toBe(
      401,
    );
    // Nothing changed: the report is still open, the post still in the feed.
    expect((await getPost(t, post.id)).statusCode).toBe(200);
    await act('dismiss', post.id, {});
  });

  it('groups open reports per post: emergency first, then most reported, then oldest; paged', async () => {
    const once = await postWithFiles({ caption: 'once' });
    const twice = await postWithFiles({ caption: 'twice' });
    const urgent = await postWithFiles({ caption: 'urgent', emergency: true });
    const onceLater = await postWithFiles({ caption: 'once later' });
    await report(ravi, once.id, 'Fake news');
    await report(ravi, twice.id, 'Abusive language');
    await report(sunita, twice.id, 'Spam in the caption');
    await report(imran, urgent.id, 'Not an emergency');
    await report(sunita, onceLater.id, 'Off topic');

    const { items, nextCursor } = await queue();
    expect(nextCursor).toBeNull();
    expect(items.map((i) => i.post.caption)).toEqual(['urgent', 'twice', 'once', 'once later']);
    const [first, second] = items;
    if (!first || !second) throw new Error('queue too short');
    expect(second.reportCount).toBe(2);
    expect(second.post).toMatchObject({
      _id: twice.id,
      location: 'Vapi, Gujarat',
      emergency: false,
      status: 'ready',
      video: {
        url: `/media/posts/${twice.id}/video.mp4`,
        posterUrl: `/media/posts/${twice.id}/poster.jpg`,
      },
      user: { _id: author.user.id, name: 'Vikram' },
    });
    expect(second.post.user).not.toHaveProperty('number');
    expect(second.reports.map((r) => [r.reason, r.reporter])).toEqual([
      ['Abusive language', { _id: ravi.user.id, name: 'Ravi' }],
      ['Spam in the caption', { _id: sunita.user.id, name: 'Sunita' }],
    ]);
    expect(Date.parse(second.firstReportedAt)).toBe(Date.parse(second.reports[0]?.createdAt ?? ''));
    expect(first.post.emergency).toBe(true);

    // Pages of one continue exactly where the last ended.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await queue(`limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.post.caption));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['urgent', 'twice', 'once', 'once later']);
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/reports?cursor=bm9wZQ',
        headers: bearer(admin.token),
      }),
      400,
      messages.cursor_invalid,
    );

    for (const p of [once, twice, urgent, onceLater]) await act('dismiss', p.id, {});
    expect((await queue()).items).toEqual([]);
  });

  it('dismiss: every open report dismissed, the post stays, reporters told, audited', async () => {
    const post = await postWithFiles();
    await report(ravi, post.id, 'Looks fake');
    await report(sunita, post.id, 'Spam');
    const res = await act('dismiss', post.id, { note: 'Real footage from the toll' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.reports_dismissed,
      code: 'reports_dismissed',
    });

    const rows = await t.database.db.select().from(reports).where(eq(reports.postId, post.id));
    expect(rows.map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
    expect(rows[0]).toMatchObject({
      resolvedBy: admin.user.id,
      resolutionNote: 'Real footage from the toll',
    });
    expect((await getPost(t, post.id)).statusCode).toBe(200);
    expect((await filesOf(post.id)).length).toBeGreaterThan(0);
    for (const r of [ravi, sunita]) {
      const [n] = await outcomeOf(r.user.id, post.id);
      expect(n).toMatchObject({ kind: 'report_outcome', notice: 'report_dismissed', text: null });
    }
    expect(await outcomeOf(author.user.id, post.id)).toEqual([]);
    const [entry] = await auditOf(post.id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      action: 'reports.dismissed',
      targetType: 'post',
      reason: 'Real footage from the toll',
      details: { reports: 2 },
    });
    // Nothing open any more.
    expectError(await act('dismiss', post.id, {}), 404, messages.report_none_open);
  });

  it('remove: needs a reason; then the post leaves the feed and the profile, its files go, reporters are told', async () => {
    const post = await postWithFiles();
    await report(imran, post.id, 'Shows an accident victim');
    expectError(
      await act('remove', post.id, { reason: '   ' }),
      400,
      messages.admin_reason_required,
      'admin_reason_required',
    );
    expectError(await act('remove', post.id, {}), 400, messages.admin_reason_required);
    expectError(
      await act('remove', post.id, { reason: 'x'.repeat(501) }),
      400,
      messages.admin_reason_too_long,
    );
    expect((await getPost(t, post.id)).statusCode).toBe(200);

    const res = await act('remove', post.id, { reason: 'Graphic injury' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.post_removed,
      code: 'post_removed',
    });

    expect(await filesOf(post.id)).toEqual([]);
    expect((await feedPage(t, 'limit=30')).products.map((p) => p._id)).not.toContain(post.id);
    expectError(await getPost(t, post.id), 404, messages.post_not_found);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/profile/${author.user.id}`,
      headers: bearer(ravi.token),
    });
    const videos = profile.json<{ profile: { videos: { _id: string }[] } }>().profile.videos;
    expect(videos.map((v) => v._id)).not.toContain(post.id);

    const [row] = await t.database.db.select().from(reports).where(eq(reports.postId, post.id));
    expect(row).toMatchObject({ status: 'actioned', resolutionNote: 'Graphic injury' });
    const [n] = await outcomeOf(imran.user.id, post.id);
    expect(n).toMatchObject({ kind: 'report_outcome', notice: 'report_removed', text: null });
    // The reporter reads it in their list.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: bearer(imran.token),
    });
    const kinds = list.json<{ notifications: AppNotification[] }>().notifications;
    expect(kinds.some((k) => k.kind === 'report_outcome' && k.post?._id === post.id)).toBe(true);

    const entries = await auditOf(post.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'post.removed',
      reason: 'Graphic injury',
      details: { authorId: author.user.id, reports: 1, authorBlocked: false },
    });
    expectError(await act('remove', post.id, { reason: 'again' }), 404, messages.post_not_found);
    // The author was not blocked.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/mine',
      headers: bearer(author.token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('remove and block: the author’s open token is refused at once with account_blocked', async () => {
    const offender = await newUser(t, { usertype: 'driver', name: 'Offender' });
    const post = await newPost(t, offender.user.id, { caption: 'bad' });
    await report(ravi, post.id, 'Threatens other drivers');
    const res = await act('remove-and-block', post.id, { reason: 'Threats of violence' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.post_removed_author_blocked,
      code: 'post_removed_author_blocked',
    });

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/mine',
      headers: bearer(offender.token),
    });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({
      code: 'account_blocked',
      block: { status: 'true', reason: 'Threats of violence' },
    });
    expect((await getPost(t, post.id)).statusCode).toBe(404);
    const actions = (await auditOf(post.id)).map((e) => e.action);
    expect(actions).toEqual(['post.removed']);
    const blocked = await auditOf(offender.user.id);
    expect(blocked).toMatchObject([{ action: 'user.blocked', reason: 'Threats of violence' }]);
    const [n] = await outcomeOf(ravi.user.id, post.id);
    expect(n?.notice).toBe('report_removed');
  });

  it('remove and block on an author blocked already: the post goes, the first block and its log stay', async () => {
    const offender = await newUser(t, { usertype: 'driver', name: 'Repeat Offender' });
    const first = await newPost(t, offender.user.id, { caption: 'first' });
    const second = await newPost(t, offender.user.id, { caption: 'second' });
    await report(ravi, first.id, 'Abuse');
    await report(sunita, second.id, 'More abuse');
    const before = (await queue('limit=50')).items.find((i) => i.post._id === second.id);
    expect(before?.authorBlocked).toBe(false);

    const blocking = await act('remove-and-block', first.id, { reason: 'Abuse, first time' });
    expect(blocking.json()).toEqual({
      success: true,
      message: messages.post_removed_author_blocked,
      code: 'post_removed_author_blocked',
    });
    const after = (await queue('limit=50')).items.find((i) => i.post._id === second.id);
    expect(after?.authorBlocked).toBe(true);

    const again = await act('remove-and-block', second.id, { reason: 'Second reason' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message: messages.post_removed,
      code: 'post_removed',
    });
    expect((await queue('limit=50')).items.some((i) => i.post._id === second.id)).toBe(false);
    const [removed] = await auditOf(second.id);
    expect(removed).toMatchObject({
      action: 'post.removed',
      reason: 'Second reason',
      details: { authorBlocked: false },
    });
    const blocks = await auditOf(offender.user.id);
    expect(blocks).toMatchObject([{ action: 'user.blocked', reason: 'Abuse, first time' }]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, offender.user.id));
    expect(row?.blockReason).toBe('Abuse, first time');
    const [n] = await outcomeOf(sunita.user.id, second.id);
    expect(n?.notice).toBe('report_removed');
  });

  it('refuses to block an admin author and changes nothing', async () => {
    const otherAdmin = await newUser(t, { usertype: 'admin' });
    const post = await postWithFiles({ userId: otherAdmin.user.id });
    await report(sunita, post.id, 'Wrong');
    expectError(
      await act('remove-and-block', post.id, { reason: 'x' }),
      403,
      messages.cannot_block_admin,
      'cannot_block_admin',
    );
    expect((await getPost(t, post.id)).statusCode).toBe(200);
    expect((await filesOf(post.id)).length).toBeGreaterThan(0);
    expect(await auditOf(post.id)).toEqual([]);
    await act('dismiss', post.id, {});
  });

  it('answers 404 for unknown posts and 400 for ids that are not uuids', async () => {
    const unknown = randomUUID();
    expectError(await act('dismiss', unknown, {}), 404, messages.report_none_open);
    expectError(await act('remove', unknown, { reason: 'x' }), 404, messages.post_not_found);
    expectError(
      await act('remove-and-block', unknown, { reason: 'x' }),
      404,
      messages.post_not_found,
    );
    for (const action of ['dismiss', 'remove', 'remove-and-block']) {
      expect((await act(action, 'abc', { reason: 'x' })).statusCode).toBe(400);
    }
  });

  it('DELETE /api/v1/admin/product: an admin’s delete is audited and actions the reports; the author’s is not audited', async () => {
    const byAdmin = await postWithFiles();
    await report(ravi, byAdmin.id, 'Spam');
    const res = await deletePost(byAdmin.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await filesOf(byAdmin.id)).toEqual([]);
    expect(await auditOf(byAdmin.id)).toMatchObject([
      { action: 'post.removed', reason: null, actorId: admin.user.id },
    ]);
    const [r] = await t.database.db.select().from(reports).where(eq(reports.postId, byAdmin.id));
    expect(r?.status).toBe('actioned');
    expect((await outcomeOf(ravi.user.id, byAdmin.id))[0]?.notice).toBe('report_removed');

    const own = await postWithFiles();
    await report(sunita, own.id, 'Spam');
    const mine = await deletePost(own.id, author.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await auditOf(own.id)).toEqual([]);
    expect((await queue()).items.map((i) => i.post._id)).not.toContain(own.id);
  });
});
