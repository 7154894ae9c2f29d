import type { AttentionCounts } from '@saathi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminChannel } from '../../console/attention.js';
import { newPost } from '../../../test/feed-factories.js';
import { startServices, type Services } from '../../../test/service-context.js';

describe('report service: what filing a report does', () => {
  let s: Services;
  let admin: Awaited<ReturnType<Services['viewer']>>;
  beforeAll(async () => {
    s = await startServices();
    admin = await s.viewer({ usertype: 'admin' });
  });
  afterAll(() => s.close());

  /** The post's group in the admins' reports queue, if it has open reports. */
  const queued = async (postId: string) =>
    (await s.postModeration.queue({ limit: 50 })).items.find((i) => i.post._id === postId);

  it('a report puts the post in the admins’ queue under the caller’s name', async () => {
    const author = await s.viewer();
    const reporter = await s.viewer({ name: 'Meena' });
    const post = await newPost(s, author.user.id);
    await s.reports.create({ videoId: post.id, reason: 'Fake accident' }, reporter);

    expect(await queued(post.id)).toMatchObject({
      reportCount: 1,
      reports: [{ reason: 'Fake accident', reporter: { _id: reporter.user.id, name: 'Meena' } }],
    });
  });

  it('tells every admin’s console the new count of open reports', async () => {
    const author = await s.viewer();
    const post = await newPost(s, author.user.id);
    const seen: AttentionCounts[] = [];
    const sub = s.hub.subscribe(adminChannel, (_event, data) => seen.push(data as AttentionCounts));
    try {
      await s.reports.create({ videoId: post.id, reason: 'Spam' }, await s.viewer());
      await s.reports.create({ videoId: post.id, reason: 'Spam' }, await s.viewer());
      expect(seen).toHaveLength(2);
      expect(seen[1]?.openReports).toBe((seen[0]?.openReports ?? 0) + 1);
    } finally {
      sub.leave();
    }
  });

  it('reports do not hide a post: however many, it stays up until an admin decides', async () => {
    const author = await s.viewer();
    const post = await newPost(s, author.user.id);
    for (let i = 0; i < 5; i++) {
      await s.reports.create({ videoId: post.id, reason: 'Offensive' }, await s.viewer());
    }
    expect((await queued(post.id))?.reportCount).toBe(5);
    expect((await s.posts.get(post.id, await s.viewer())).product._id).toBe(post.id);
  });

  it('one open report per person and post; after a decision they may report again', async () => {
    const author = await s.viewer();
    const reporter = await s.viewer();
    const post = await newPost(s, author.user.id);
    const report = () => s.reports.create({ videoId: post.id, reason: 'Spam' }, reporter);
    await report();
    await expect(report()).rejects.toMatchObject({ status: 409, code: 'report_duplicate' });
    expect((await queued(post.id))?.reportCount).toBe(1);

    await s.postModeration.dismiss(post.id, undefined, admin);
    await report();
    expect((await queued(post.id))?.reportCount).toBe(1);
  });

  it('a removed post or one still processing cannot be reported', async () => {
    const author = await s.viewer();
    const reporter = await s.viewer();
    const removed = await newPost(s, author.user.id, { removedAt: new Date() });
    const processing = await newPost(s, author.user.id, { status: 'processing' });
    for (const post of [removed, processing]) {
      await expect(
        s.reports.create({ videoId: post.id, reason: 'Spam' }, reporter),
        post.id,
      ).rejects.toMatchObject({ status: 404, code: 'post_not_found' });
      expect(await queued(post.id)).toBeUndefined();
    }
  });
});
