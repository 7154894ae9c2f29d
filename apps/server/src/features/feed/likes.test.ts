import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeResponse, messages } from '@saathi/contract';
import { likes, posts } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { feedPage, quickUser, withoutWrites } from '../../../test/feed-helpers.js';
import {
  bearer,
  blockUser,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

describe('PUT /api/v1/toggle/like/:videoId', () => {
  let t: TestApp;
  let author: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    author = await newUser(t, { usertype: 'driver' });
    fan = await newUser(t);
  });
  afterAll(() => t.close());

  const toggle = (videoId: string, token?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/toggle/like/${videoId}`,
      headers: token ? bearer(token) : {},
    });

  /** The post's counter and its like rows: they must always agree. */
  async function likeState(postId: string) {
    const [row] = await t.database.db
      .select({ likes: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, postId));
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(likes)
      .where(eq(likes.postId, postId));
    return { counter: row?.likes, rows: rows?.n };
  }

  it('401 without a token', async () => {
    const post = await newPost(t, author.user.id);
    const res = await withoutWrites(t, () => toggle(post.id));
    expectError(res, 401, messages.not_signed_in, 'not_signed_in');
  });

  it('403 for a blocked account', async () => {
    const post = await newPost(t, author.user.id);
    const blocked = await newUser(t);
    await blockUser(t, blocked.user.id);
    const res = await withoutWrites(t, () => toggle(post.id, blocked.token));
    expectError(res, 403, messages.account_blocked, 'account_blocked');
  });

  it('404 for an unknown post, or one that is not ready, removed or of a blocked author', async () => {
    const blockedAuthor = await newUser(t);
    const ofBlocked = await newPost(t, blockedAuthor.user.id);
    await blockUser(t, blockedAuthor.user.id);
    const ids = [
      randomUUID(),
      (await newPost(t, author.user.id, { status: 'processing', videoKey: null })).id,
      (await newPost(t, author.user.id, { status: 'failed' })).id,
      (await newPost(t, author.user.id, { removedAt: new Date() })).id,
      ofBlocked.id,
    ];
    for (const id of ids) {
      const res = await withoutWrites(t, () => toggle(id, fan.token));
      expectError(res, 404, messages.post_not_found, 'post_not_found');
    }
  });

  it('400 for an id that is not a uuid', async () => {
    const res = await withoutWrites(t, () => toggle('42', fan.token));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('likes, then unlikes; the feed shows the count and likedByMe', async () => {
    const post = await newPost(t, author.user.id, { createdAt: new Date(Date.UTC(2099, 0, 1)) });
    const first = await toggle(post.id, fan.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(likeResponse.parse(first.json())).toEqual({ success: true, liked: true, likes: 1 });
    expect(await likeState(post.id)).toEqual({ counter: 1, rows: 1 });
    const [shown] = (await feedPage(t, 'limit=1', fan.token)).products;
    expect(shown).toMatchObject({ _id: post.id, likes: 1, likedByMe: true });

    const second = await toggle(post.id, fan.token);
    expect(second.json()).toEqual({ success: true, liked: false, likes: 0 });
    expect(await likeState(post.id)).toEqual({ counter: 0, rows: 0 });
    const [after] = (await feedPage(t, 'limit=1', fan.token)).products;
    expect(after).toMatchObject({ _id: post.id, likes: 0, likedByMe: false });
  });

  it("counts other users' likes: the answer is the post's total", async () => {
    const post = await newPost(t, author.user.id);
    const other = await newUser(t);
    expect((await toggle(post.id, other.token)).json()).toMatchObject({ liked: true, likes: 1 });
    expect((await toggle(post.id, fan.token)).json()).toMatchObject({ liked: true, likes: 2 });
    expect((await toggle(post.id, other.token)).json()).toMatchObject({ liked: false, likes: 1 });
    expect(await likeState(post.id)).toEqual({ counter: 1, rows: 1 });
  });

  it('is exact when 40 users like at once', async () => {
    const post = await newPost(t, author.user.id);
    const crowd: TestUser[] = [];
    for (let i = 0; i < 40; i++) crowd.push(await quickUser(t));
    const answers = await Promise.all(crowd.map((u) => toggle(post.id, u.token)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(likeResponse.parse(res.json()).liked).toBe(true);
    }
    // Every answer saw its own like counted: the totals are 1..40, each once.
    const totals = answers.map((r) => likeResponse.parse(r.json()).likes).sort((a, b) => a - b);
    expect(totals).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await likeState(post.id)).toEqual({ counter: 40, rows: 40 });

    // And all of them take it back at once.
    const back = await Promise.all(crowd.map((u) => toggle(post.id, u.token)));
    expect(back.every((r) => likeResponse.parse(r.json()).liked === false)).toBe(true);
    expect(await likeState(post.id)).toEqual({ counter: 0, rows: 0 });
  });

  it('ends liked after 7 toggles at once by one user, the counter matching the rows', async () => {
    for (const round of [1, 2, 3]) {
      const post = await newPost(t, author.user.id);
      const answers = await Promise.all(
        Array.from({ length: 7 }, () => toggle(post.id, fan.token)),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const liked = answers.filter((r) => likeResponse.parse(r.json()).liked).length;
      // Toggles in some order: 4 likes and 3 unlikes.
      expect(liked, `round ${round}`).toBe(4);
      expect(await likeState(post.id), `round ${round}`).toEqual({ counter: 1, rows: 1 });
      const single = await t.app.inject({
        method: 'GET',
        url: `/api/v1/video/${post.id}`,
        headers: bearer(fan.token),
      });
      expect(single.json()).toMatchObject({ product: { likes: 1, likedByMe: true } });
    }
  });

  it('keeps the counter equal to the rows when likes and unlikes race from a liked state', async () => {
    const post = await newPost(t, author.user.id);
    await toggle(post.id, fan.token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => toggle(post.id, fan.token)));
    expect(answers.filter((r) => likeResponse.parse(r.json()).liked).length).toBe(3);
    expect(await likeState(post.id)).toEqual({ counter: 1, rows: 1 });
  });
});
