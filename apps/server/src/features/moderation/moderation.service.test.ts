import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../auth/viewer.js';
import { newPost } from '../../../test/feed-factories.js';
import { startServices, type Services } from '../../../test/service-context.js';

describe('post moderation service: what an admin’s decision on reports does', () => {
  let s: Services;
  let admin: Viewer;
  beforeAll(async () => {
    s = await startServices();
    admin = await s.viewer({ usertype: 'admin' });
  });
  afterAll(() => s.close());

  const queued = async (postId: string) =>
    (await s.postModeration.queue({ limit: 50 })).items.some((i) => i.post._id === postId);
  const visible = (postId: string) =>
    s.posts.get(postId, null).then(
      () => true,
      () => false,
    );
  /** The report outcomes a user was told about, newest first. */
  const outcomesOf = async (viewer: Viewer) =>
    (await s.notifications.list(viewer, { limit: 20 })).notifications
      .filter((n) => n.kind === 'report_outcome')
      .map((n) => ({ post: n.post?._id, notice: n.notice }));
  /** Whether the account is still one others can see (not blocked). */
  const active = async (viewer: Viewer) => Boolean(await s.follows.activeUser(viewer.user.id));

  async function reportedPost(reporters: Viewer[], author?: Viewer) {
    const by = author ?? (await s.viewer());
    const post = await newPost(s, by.user.id);
    for (const r of reporters) await s.reports.create({ videoId: post.id, reason: 'Spam' }, r);
    return { post, author: by };
  }

  it('dismissing keeps the post up, empties its queue entry and tells each reporter', async () => {
    const [a, b] = [await s.viewer(), await s.viewer()];
    const { post, author } = await reportedPost([a, b]);
    await s.postModeration.dismiss(post.id, 'Not a violation', admin);

    expect(await visible(post.id)).toBe(true);
    expect(await queued(post.id)).toBe(false);
    for (const reporter of [a, b]) {
      expect(await outcomesOf(reporter)).toEqual([{ post: post.id, notice: 'report_dismissed' }]);
    }
    expect(await outcomesOf(author)).toEqual([]);
  });

  it('a post with no open report cannot be dismissed', async () => {
    const { post } = await reportedPost([]);
    await expect(s.postModeration.dismiss(post.id, undefined, admin)).rejects.toMatchObject({
      status: 404,
      code: 'report_none_open',
    });
  });

  it('removing takes the post down, closes its reports, tells reporters, and blocks nobody', async () => {
    const reporter = await s.viewer();
    const { post, author } = await reportedPost([reporter]);
    await s.postModeration.remove(post.id, 'Graphic violence', admin, false);

    expect(await visible(post.id)).toBe(false);
    expect(await queued(post.id)).toBe(false);
    expect(await outcomesOf(reporter)).toEqual([{ post: post.id, notice: 'report_removed' }]);
    expect(await active(author)).toBe(true);
  });

  it('remove and block also blocks the author, whose other posts disappear too', async () => {
    const { post, author } = await reportedPost([await s.viewer()]);
    const otherPost = await newPost(s, author.user.id);
    const answer = await s.postModeration.remove(post.id, 'Threats', admin, true);

    expect(answer.code).toBe('post_removed_author_blocked');
    expect(await active(author)).toBe(false);
    expect(await visible(otherPost.id)).toBe(false);
  });

  it('an admin’s post may be removed but its author cannot be blocked', async () => {
    const otherAdmin = await s.viewer({ usertype: 'admin' });
    const { post } = await reportedPost([await s.viewer()], otherAdmin);
    await expect(s.postModeration.remove(post.id, 'Spam', admin, true)).rejects.toMatchObject({
      status: 403,
      code: 'cannot_block_admin',
    });
    expect(await visible(post.id)).toBe(true);
    expect(await active(otherAdmin)).toBe(true);
  });

  it('the author or an admin may delete a post, nobody else; its open reports go with it', async () => {
    const reporter = await s.viewer();
    const { post, author } = await reportedPost([reporter]);
    await expect(s.postModeration.deleteCall(post.id, reporter)).rejects.toMatchObject({
      status: 403,
      code: 'not_post_owner',
    });
    expect(await visible(post.id)).toBe(true);

    await s.postModeration.deleteCall(post.id, author);
    expect(await visible(post.id)).toBe(false);
    expect(await queued(post.id)).toBe(false);

    const { post: another } = await reportedPost([reporter]);
    await s.postModeration.deleteCall(another.id, admin);
    expect(await visible(another.id)).toBe(false);
  });
});
