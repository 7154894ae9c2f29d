import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commentCalls,
  limits,
  messages,
  postCalls,
  rateLimits,
  type Comment,
} from '@saathi/contract';
import { comments, posts } from '../../db/schema/index.js';
import { unblockAccount } from '../auth/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { getPost, withoutWrites } from '../../../test/feed-helpers.js';
import {
  bearer,
  blockUser,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

const listResponse = commentCalls.list.response;
const addResponse = commentCalls.add.response;

describe('comments', () => {
  let t: TestApp;
  let author: TestUser;
  let commenter: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    author = await newUser(t, { usertype: 'driver' });
    commenter = await newUser(t, { name: 'Kamal Commenter' });
  });
  afterAll(() => t.close());

  const list = (videoId: string, query = '', token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/video/${videoId}/comments${query ? `?${query}` : ''}`,
      headers: token ? bearer(token) : {},
    });
  const add = (videoId: string, token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/video/${videoId}/comment`,
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const remove = (videoId: string, commentId: string, token?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/video/${videoId}/comment/${commentId}`,
      headers: token ? bearer(token) : {},
    });
  const commentsCount = async (videoId: string) =>
    ((await getPost(t, videoId)).json() as { product: { commentsCount: number } }).product
      .commentsCount;

  /** Comment rows straight into the database, with the post's counter moved alike. */
  async function seedComments(postId: string, userId: string, times: Date[]) {
    const rows = times.map((createdAt, i) => ({
      id: randomUUID(),
      postId,
      userId,
      body: `comment ${i}`,
      createdAt,
    }));
    await t.database.db.insert(comments).values(rows);
    await t.database.db
      .update(posts)
      .set({ commentCount: rows.length })
      .where(eq(posts.id, postId));
    return rows;
  }

  describe('GET /api/v1/video/:videoId/comments', () => {
    it('answers anyone, newest first, a page at a time, with the total', async () => {
      const post = await newPost(t, author.user.id);
      const base = Date.UTC(2024, 4, 1);
      // Pairs share a timestamp, so pages end inside a pair.
      const rows = await seedComments(
        post.id,
        commenter.user.id,
        Array.from({ length: 7 }, (_, i) => new Date(base + Math.floor(i / 2) * 1000)),
      );
      const expected = [...rows]
        .sort((a, b) =>
          a.createdAt.getTime() !== b.createdAt.getTime()
            ? b.createdAt.getTime() - a.createdAt.getTime()
            : a.id < b.id
              ? 1
              : -1,
        )
        .map((r) => r.id);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(post.id, `limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = listResponse.parse(res.json());
        expect(body.total).toBe(7);
        seen.push(...body.comments.map((c) => c._id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(expected);

      const all = listResponse.parse((await list(post.id)).json());
      expect(all.comments).toHaveLength(7);
      expect(all.nextCursor).toBeNull();
      expect(all.comments[0]).toEqual({
        _id: expected[0],
        comment: expect.stringMatching(/^comment \d$/),
        name: 'Kamal Commenter',
        user: {
          _id: commenter.user.id,
          name: 'Kamal Commenter',
          profileImage: { url: expect.any(String) },
        },
        createdAt: expect.stringMatching(/^2024-05-01T/),
      });
      expect(JSON.stringify(all)).not.toContain(commenter.user.phone.slice(-10));
    });

    it('404 for an unknown post or one not in the feed', async () => {
      const ids = [
        randomUUID(),
        (await newPost(t, author.user.id, { status: 'processing' })).id,
        (await newPost(t, author.user.id, { removedAt: new Date() })).id,
      ];
      for (const id of ids) {
        expectError(await list(id), 404, messages.post_not_found, 'post_not_found');
      }
    });

    it('400 for a bad id, limit or cursor', async () => {
      const post = await newPost(t, author.user.id);
      expect((await list('nope')).statusCode).toBe(400);
      for (const limit of ['0', String(limits.commentsPageMax + 1), 'x']) {
        expectError(await list(post.id, `limit=${limit}`), 400, messages.invalid_input);
      }
      expectError(
        await list(post.id, 'cursor=garbage'),
        400,
        messages.cursor_invalid,
        'cursor_invalid',
      );
    });

    it("hides a blocked commenter's comments", async () => {
      const post = await newPost(t, author.user.id);
      const troll = await newUser(t);
      const kept = await add(post.id, commenter.token, { comment: 'Road is clear now' });
      const hidden = await add(post.id, troll.token, { comment: 'spam spam' });
      expect(hidden.statusCode).toBe(200);
      const before = listResponse.parse((await list(post.id)).json());
      expect(before.comments.map((c) => c.comment)).toEqual(['spam spam', 'Road is clear now']);

      expect(before.total).toBe(2);
      expect(await commentsCount(post.id)).toBe(2);

      await blockUser(t, troll.user.id);
      const after = listResponse.parse((await list(post.id)).json());
      expect(after.comments.map((c) => c._id)).toEqual([
        addResponse.parse(kept.json()).comment._id,
      ]);
      // The numbers say what the list shows: on the post, in the feed and in the list.
      expect(after.total).toBe(1);
      expect(await commentsCount(post.id)).toBe(1);
      const feed = postCalls.feed.response.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/video/all' })).json(),
      );
      expect(feed.products.find((p) => p._id === post.id)?.commentsCount).toBe(1);

      await unblockAccount(t.database.db, troll.user.id);
      expect(await commentsCount(post.id)).toBe(2);
      expect(listResponse.parse((await list(post.id)).json()).total).toBe(2);
    });
  });

  describe('POST /api/v1/video/:videoId/comment', () => {
    it('401 without a token', async () => {
      const post = await newPost(t, author.user.id);
      const res = await withoutWrites(t, () => add(post.id, undefined, { comment: 'hi' }));
      expectError(res, 401, messages.not_signed_in, 'not_signed_in');
    });

    it('403 for a blocked account', async () => {
      const post = await newPost(t, author.user.id);
      const blocked = await newUser(t);
      await blockUser(t, blocked.user.id);
      const res = await withoutWrites(t, () => add(post.id, blocked.token, { comment: 'hi' }));
      expectError(res, 403, messages.account_blocked, 'account_blocked');
    });

    it.each([
      ['empty', { comment: '' }],
      ['whitespace', { comment: ' \n\t  ' }],
      ['missing', {}],
      ['not text', { comment: 42 }],
    ])('400 "Please write a comment" when it is %s', async (_label, payload) => {
      const post = await newPost(t, author.user.id);
      const res = await withoutWrites(t, () => add(post.id, commenter.token, payload));
      expectError(res, 400, 'Please write a comment', 'comment_required');
    });

    it('400 over 1000 characters; 1000 is fine', async () => {
      const post = await newPost(t, author.user.id);
      const long = await withoutWrites(t, () =>
        add(post.id, commenter.token, { comment: 'a'.repeat(limits.commentMax + 1) }),
      );
      expectError(long, 400, messages.comment_too_long, 'comment_too_long');
      const ok = await add(post.id, commenter.token, { comment: 'a'.repeat(1000) });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('stores line breaks as \\n, and counts them so against the 1000 limit', async () => {
      const post = await newPost(t, author.user.id);
      // 1498 characters as sent with CRLF breaks, 999 once stored with \n: accepted.
      const text = `a${'\r\na'.repeat(499)}`;
      const res = await add(post.id, commenter.token, { comment: text });
      expect(res.statusCode, res.body).toBe(200);
      expect(addResponse.parse(res.json()).comment.comment).toBe(`a${'\na'.repeat(499)}`);
      const listed = listResponse.parse((await list(post.id)).json());
      expect(listed.comments[0]?.comment).not.toContain('\r');
    });

    it('404 for an unknown post or one not in the feed; 400 for a bad id', async () => {
      for (const id of [
        randomUUID(),
        (await newPost(t, author.user.id, { status: 'failed' })).id,
      ]) {
        const res = await withoutWrites(t, () => add(id, commenter.token, { comment: 'hi' }));
        expectError(res, 404, messages.post_not_found, 'post_not_found');
      }
      const bad = await withoutWrites(t, () => add('x', commenter.token, { comment: 'hi' }));
      expect(bad.statusCode).toBe(400);
    });

    it('adds the comment (trimmed) with its author; the count goes up', async () => {
      const post = await newPost(t, author.user.id);
      expect(await commentsCount(post.id)).toBe(0);
      const res = await add(post.id, commenter.token, { comment: '  Fog near Bharuch  ' });
      expect(res.statusCode, res.body).toBe(200);
      const { comment } = addResponse.parse(res.json());
      expect(comment).toEqual<Comment>({
        _id: expect.any(String),
        comment: 'Fog near Bharuch',
        name: 'Kamal Commenter',
        user: {
          _id: commenter.user.id,
          name: 'Kamal Commenter',
          profileImage: { url: expect.any(String) },
        },
        createdAt: expect.any(String),
      });
      expect(Date.now() - Date.parse(comment.createdAt)).toBeLessThan(60_000);
      expect(await commentsCount(post.id)).toBe(1);
      const listed = listResponse.parse((await list(post.id)).json());
      expect(listed.total).toBe(1);
      expect(listed.comments).toEqual([comment]);
    });
  });

  describe('DELETE /api/v1/video/:videoId/comment/:commentId', () => {
    async function postWithComment() {
      const post = await newPost(t, author.user.id);
      const res = await add(post.id, commenter.token, { comment: 'Mine' });
      return { post, comment: addResponse.parse(res.json()).comment };
    }

    it('401 without a token', async () => {
      const { post, comment } = await postWithComment();
      const res = await withoutWrites(t, () => remove(post.id, comment._id));
      expectError(res, 401, messages.not_signed_in, 'not_signed_in');
    });

    it("403 for someone else's comment, even the post's author", async () => {
      const { post, comment } = await postWithComment();
      for (const other of [author, await newUser(t)]) {
        const res = await withoutWrites(t, () => remove(post.id, comment._id, other.token));
        expectError(res, 403, 'You can only delete your own comments', 'not_comment_author');
      }
      expect(await commentsCount(post.id)).toBe(1);
    });

    it('404 for an unknown comment, or a comment of another post', async () => {
      const { post, comment } = await postWithComment();
      const otherPost = await newPost(t, author.user.id);
      for (const [videoId, commentId] of [
        [post.id, randomUUID()],
        [otherPost.id, comment._id],
        [randomUUID(), comment._id],
      ] as const) {
        const res = await withoutWrites(t, () => remove(videoId, commentId, commenter.token));
        expectError(res, 404, messages.comment_not_found, 'comment_not_found');
      }
      expect(await commentsCount(post.id)).toBe(1);
      expect(await commentsCount(otherPost.id)).toBe(0);
    });

    it('400 for ids that are not uuids', async () => {
      const { post } = await postWithComment();
      expect((await remove(post.id, 'abc', commenter.token)).statusCode).toBe(400);
      expect((await remove('abc', randomUUID(), commenter.token)).statusCode).toBe(400);
    });

    it('deletes its own comment; the count goes down; a second delete is 404', async () => {
      const { post, comment } = await postWithComment();
      const keep = addResponse.parse(
        (await add(post.id, commenter.token, { comment: 'Keep me' })).json(),
      ).comment;
      expect(await commentsCount(post.id)).toBe(2);
      const res = await remove(post.id, comment._id, commenter.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: messages.comment_deleted,
        code: 'comment_deleted',
      });
      expect(await commentsCount(post.id)).toBe(1);
      const listed = listResponse.parse((await list(post.id)).json());
      expect(listed.comments.map((c) => c._id)).toEqual([keep._id]);
      expect(listed.total).toBe(1);
      expectError(
        await remove(post.id, comment._id, commenter.token),
        404,
        messages.comment_not_found,
      );
      expect(await commentsCount(post.id)).toBe(1);
    });
  });

  describe('rate limit', () => {
    it(`429 after ${rateLimits.commentsPerMinute} comments in a minute, for that user only`, async () => {
      const post = await newPost(t, author.user.id);
      const chatty = await newUser(t);
      for (let i = 0; i < rateLimits.commentsPerMinute; i++) {
        const res = await add(post.id, chatty.token, { comment: `comment ${i}` });
        expect(res.statusCode, `comment ${i + 1}: ${res.body}`).toBe(200);
      }
      const res = await withoutWrites(t, () => add(post.id, chatty.token, { comment: 'more' }));
      expectError(res, 429, messages.too_many_attempts, 'too_many_attempts');
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await commentsCount(post.id)).toBe(rateLimits.commentsPerMinute);
      expect((await add(post.id, commenter.token, { comment: 'still me' })).statusCode).toBe(200);
    });
  });
});
