import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPost } from '../../../test/feed-factories.js';
import { blockUser } from '../../../test/harness.js';
import { startServices, type Services } from '../../../test/service-context.js';

describe('like service: toggling likes', () => {
  let s: Services;
  beforeAll(async () => {
    s = await startServices();
  });
  afterAll(() => s.close());

  /** The post as a viewer sees it in the feed: its like count and whether they like it. */
  const seenBy = async (postId: string, viewer: Awaited<ReturnType<Services['viewer']>>) => {
    const { product } = await s.posts.get(postId, viewer);
    return { likes: product.likes, likedByMe: product.likedByMe };
  };

  it('a toggle likes, the next one unlikes, and the count follows', async () => {
    const author = await s.viewer();
    const fan = await s.viewer();
    const post = await newPost(s, author.user.id);

    expect(await s.likes.toggle(post.id, fan)).toMatchObject({ liked: true, likes: 1 });
    expect(await seenBy(post.id, fan)).toEqual({ likes: 1, likedByMe: true });
    expect(await s.likes.toggle(post.id, fan)).toMatchObject({ liked: false, likes: 0 });
    expect(await seenBy(post.id, fan)).toEqual({ likes: 0, likedByMe: false });
  });

  it('counts one like per person, each toggling only their own', async () => {
    const author = await s.viewer();
    const [a, b, c] = [await s.viewer(), await s.viewer(), await s.viewer()];
    const post = await newPost(s, author.user.id);
    await s.likes.toggle(post.id, a);
    await s.likes.toggle(post.id, b);
    await s.likes.toggle(post.id, c);
    expect(await s.likes.toggle(post.id, b)).toMatchObject({ liked: false, likes: 2 });

    expect(await seenBy(post.id, a)).toEqual({ likes: 2, likedByMe: true });
    expect(await seenBy(post.id, b)).toEqual({ likes: 2, likedByMe: false });
  });

  it('authors may like their own posts', async () => {
    const author = await s.viewer();
    const post = await newPost(s, author.user.id);
    expect(await s.likes.toggle(post.id, author)).toMatchObject({ liked: true, likes: 1 });
  });

  it('a removed post, one still processing, or one by a blocked author cannot be liked', async () => {
    const author = await s.viewer();
    const blockedAuthor = await s.viewer();
    const fan = await s.viewer();
    const removed = await newPost(s, author.user.id, { removedAt: new Date() });
    const processing = await newPost(s, author.user.id, { status: 'processing' });
    const byBlocked = await newPost(s, blockedAuthor.user.id);
    await blockUser(s, blockedAuthor.user.id);

    for (const post of [removed, processing, byBlocked]) {
      await expect(s.likes.toggle(post.id, fan), post.id).rejects.toMatchObject({
        status: 404,
        code: 'post_not_found',
      });
    }
  });
});
