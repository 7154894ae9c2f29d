import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPost } from '../../../test/feed-factories.js';
import { blockUser } from '../../../test/harness.js';
import { startServices, type Services } from '../../../test/service-context.js';

describe('comment service: writing, deleting and counting comments', () => {
  let s: Services;
  beforeAll(async () => {
    s = await startServices();
  });
  afterAll(() => s.close());

  const listOf = (postId: string) => s.comments.list(postId, { limit: 20 });
  /** The count the feed shows under the post. */
  const countOf = async (postId: string) => (await s.posts.get(postId, null)).product.commentsCount;

  it('a comment is listed newest first and counted on the post', async () => {
    const author = await s.viewer();
    const reader = await s.viewer();
    const post = await newPost(s, author.user.id);
    await s.comments.add(post.id, reader, 'Careful, the road is wet');
    const { comment } = await s.comments.add(post.id, author, 'Thanks!');

    const list = await listOf(post.id);
    expect(list.comments.map((c) => c.comment)).toEqual(['Thanks!', 'Careful, the road is wet']);
    expect(list.comments[0]).toMatchObject({ _id: comment._id, user: { _id: author.user.id } });
    expect(list.total).toBe(2);
    expect(await countOf(post.id)).toBe(2);
  });

  it('nobody comments on a removed post, one still processing, or one by a blocked author', async () => {
    const author = await s.viewer();
    const blockedAuthor = await s.viewer();
    const reader = await s.viewer();
    const removed = await newPost(s, author.user.id, { removedAt: new Date() });
    const processing = await newPost(s, author.user.id, { status: 'processing' });
    const byBlocked = await newPost(s, blockedAuthor.user.id);
    await blockUser(s, blockedAuthor.user.id);

    for (const post of [removed, processing, byBlocked]) {
      await expect(s.comments.add(post.id, reader, 'Hello'), post.id).rejects.toMatchObject({
        status: 404,
        code: 'post_not_found',
      });
    }
  });

  it('the writer deletes their comment, and the count goes down with it', async () => {
    const author = await s.viewer();
    const writer = await s.viewer();
    const post = await newPost(s, author.user.id);
    const { comment } = await s.comments.add(post.id, writer, 'Wrong video, sorry');

    await s.comments.remove(post.id, comment._id, writer);
    expect((await listOf(post.id)).comments).toEqual([]);
    expect(await countOf(post.id)).toBe(0);
    await expect(s.comments.remove(post.id, comment._id, writer)).rejects.toMatchObject({
      status: 404,
      code: 'comment_not_found',
    });
    expect(await countOf(post.id)).toBe(0);
  });

  it('only the writer may delete a comment, not the post’s author nor anyone else', async () => {
    const author = await s.viewer();
    const writer = await s.viewer();
    const other = await s.viewer();
    const post = await newPost(s, author.user.id);
    const { comment } = await s.comments.add(post.id, writer, 'Mine');

    for (const who of [author, other]) {
      await expect(s.comments.remove(post.id, comment._id, who)).rejects.toMatchObject({
        status: 403,
        code: 'not_comment_author',
      });
    }
    expect((await listOf(post.id)).total).toBe(1);
  });

  it('a comment is deleted only under its own post', async () => {
    const writer = await s.viewer();
    const post = await newPost(s, writer.user.id);
    const otherPost = await newPost(s, writer.user.id);
    const { comment } = await s.comments.add(post.id, writer, 'Here');

    await expect(s.comments.remove(otherPost.id, comment._id, writer)).rejects.toMatchObject({
      status: 404,
    });
    expect((await listOf(post.id)).total).toBe(1);
  });

  it('comments of a blocked writer are neither listed nor counted', async () => {
    const author = await s.viewer();
    const spammer = await s.viewer();
    const reader = await s.viewer();
    const post = await newPost(s, author.user.id);
    await s.comments.add(post.id, spammer, 'Buy cheap tyres');
    await s.comments.add(post.id, reader, 'Nice');
    await blockUser(s, spammer.user.id);

    const list = await listOf(post.id);
    expect(list.comments.map((c) => c.comment)).toEqual(['Nice']);
    expect(list.total).toBe(1);
    expect(await countOf(post.id)).toBe(1);
  });
});
