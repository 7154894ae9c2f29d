import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages, rateLimits } from '@saathi/contract';
import { postImages, reports } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { withoutWrites } from '../../../test/feed-helpers.js';
import {
  bearer,
  blockUser,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

describe('POST /api/v1/video/report', () => {
  let t: TestApp;
  let author: TestUser;
  let reporter: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    author = await newUser(t, { usertype: 'driver' });
    reporter = await newUser(t, { name: 'Rekha Reporter' });
  });
  afterAll(() => t.close());

  const report = (token: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/video/report',
      headers: token ? bearer(token) : {},
      payload,
    });
  const reportsOf = (postId: string) =>
    t.database.db.select().from(reports).where(eq(reports.postId, postId));

  it("401 'Please login to continue' without a token", async () => {
    const post = await newPost(t, author.user.id);
    const res = await withoutWrites(t, () => report(undefined, { videoId: post.id, reason: 'x' }));
    expectError(res, 401, 'Please login to continue', 'not_signed_in');
  });

  it('403 for a blocked account', async () => {
    const post = await newPost(t, author.user.id);
    const blocked = await newUser(t);
    await blockUser(t, blocked.user.id);
    const res = await withoutWrites(t, () =>
      report(blocked.token, { videoId: post.id, reason: 'Rash driving' }),
    );
    expectError(res, 403, messages.account_blocked, 'account_blocked');
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n '],
    ['missing', undefined],
  ])('400 when the reason is %s', async (_label, reason) => {
    const post = await newPost(t, author.user.id);
    const res = await withoutWrites(t, () =>
      report(reporter.token, { videoId: post.id, ...(reason === undefined ? {} : { reason }) }),
    );
    expectError(res, 400, 'Please provide a reason for reporting', 'report_reason_required');
  });

  it('400 for a reason of 501 characters; 500 (trimmed) is accepted', async () => {
    const post = await newPost(t, author.user.id);
    const long = await withoutWrites(t, () =>
      report(reporter.token, { videoId: post.id, reason: 'r'.repeat(limits.reportReasonMax + 1) }),
    );
    expectError(long, 400, messages.report_reason_too_long, 'report_reason_too_long');
    const ok = await report(reporter.token, { videoId: post.id, reason: ` ${'r'.repeat(500)} ` });
    expect(ok.statusCode, ok.body).toBe(200);
    const [stored] = await reportsOf(post.id);
    expect(stored?.reason).toBe('r'.repeat(500));
  });

  it('404 for an unknown post or one not in the feed; 400 for a bad or missing videoId', async () => {
    for (const videoId of [
      randomUUID(),
      (await newPost(t, author.user.id, { status: 'processing' })).id,
      (await newPost(t, author.user.id, { removedAt: new Date() })).id,
    ]) {
      const res = await withoutWrites(t, () => report(reporter.token, { videoId, reason: 'x' }));
      expectError(res, 404, messages.post_not_found, 'post_not_found');
    }
    for (const payload of [{ videoId: 'abc', reason: 'x' }, { reason: 'x' }]) {
      const res = await withoutWrites(t, () => report(reporter.token, payload));
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('stores the report under the caller, whatever reporterId the body claims', async () => {
    const post = await newPost(t, author.user.id);
    const res = await report(reporter.token, {
      videoId: post.id,
      reason: '  Fake accident video  ',
      reporterId: author.user.id,
      reporterName: 'Somebody Else',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Video reported successfully! Admin will review it.',
      code: 'reported',
    });
    const stored = await reportsOf(post.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      reporterId: reporter.user.id,
      reason: 'Fake accident video',
      status: 'open',
      resolvedAt: null,
    });
  });

  it('takes a report of an image post (no video) the same way', async () => {
    const post = await newPost(t, author.user.id, { videoKey: null, posterKey: null });
    await t.database.db.insert(postImages).values({
      id: randomUUID(),
      postId: post.id,
      position: 0,
      key: `public/posts/${post.id}/a.jpg`,
    });
    const res = await report(reporter.token, { videoId: post.id, reason: 'Obscene photo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reportsOf(post.id)).toMatchObject([
      { reporterId: reporter.user.id, reason: 'Obscene photo', status: 'open' },
    ]);
  });

  it('409 for a second open report by the same user; others may still report', async () => {
    const post = await newPost(t, author.user.id);
    expect((await report(reporter.token, { videoId: post.id, reason: 'one' })).statusCode).toBe(
      200,
    );
    const again = await withoutWrites(t, () =>
      report(reporter.token, { videoId: post.id, reason: 'two' }),
    );
    expectError(
      again,
      409,
      'You have already reported this video. Admin will review it.',
      'report_duplicate',
    );
    const other = await newUser(t);
    expect((await report(other.token, { videoId: post.id, reason: 'three' })).statusCode).toBe(200);
    const stored = await reportsOf(post.id);
    expect(stored.map((r) => [r.reporterId, r.reason]).sort()).toEqual(
      [
        [reporter.user.id, 'one'],
        [other.user.id, 'three'],
      ].sort(),
    );
  });

  it('takes exactly one of several reports sent at once by one user', async () => {
    const post = await newPost(t, author.user.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        report(reporter.token, { videoId: post.id, reason: `at once ${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await reportsOf(post.id)).toHaveLength(1);
  });

  it('lets the same user report again once the first report was resolved', async () => {
    const post = await newPost(t, author.user.id);
    await report(reporter.token, { videoId: post.id, reason: 'first' });
    await t.database.db
      .update(reports)
      .set({ status: 'dismissed', resolvedAt: new Date() })
      .where(eq(reports.postId, post.id));
    const res = await report(reporter.token, { videoId: post.id, reason: 'it is back' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await reportsOf(post.id);
    expect(stored.map((r) => r.status).sort()).toEqual(['dismissed', 'open']);
    expectError(
      await report(reporter.token, { videoId: post.id, reason: 'third' }),
      409,
      messages.report_duplicate,
    );
  });

  it(`429 after ${rateLimits.reportsPerHour} reports in an hour`, async () => {
    const busy = await newUser(t);
    for (let i = 0; i < rateLimits.reportsPerHour; i++) {
      const post = await newPost(t, author.user.id);
      const res = await report(busy.token, { videoId: post.id, reason: `report ${i}` });
      expect(res.statusCode, `report ${i + 1}: ${res.body}`).toBe(200);
    }
    const post = await newPost(t, author.user.id);
    const res = await withoutWrites(t, () => report(busy.token, { videoId: post.id, reason: 'x' }));
    expectError(res, 429, messages.too_many_attempts, 'too_many_attempts');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
