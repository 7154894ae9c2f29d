import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commentCalls,
  feedResponse,
  messages,
  myPostsResponse,
  postCalls,
  productResponse,
  reportCalls,
  type Product,
} from '@saathi/contract';
import { likes, postImages, posts } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { feedPage, getPost, myPosts } from '../../../test/feed-helpers.js';
import {
  bearer,
  blockUser,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const productKeys = [
  '_id',
  'caption',
  'commentsCount',
  'createdAt',
  'emergency',
  'failureReason',
  'images',
  'likedByMe',
  'likes',
  'location',
  'status',
  'title',
  'user',
  'video',
].sort();

describe('the feed', () => {
  let t: TestApp;
  let author: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    author = await newUser(t, { name: 'Asha Driver', usertype: 'driver' });
    viewer = await newUser(t, { name: 'Vijay Viewer' });
  });
  afterAll(() => t.close());

  /** Every post of the feed, page by page (limit 30), checked against the contract. */
  async function wholeFeed(query = '', token?: string): Promise<Product[]> {
    const all: Product[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const params = [query, 'limit=30', cursor ? `cursor=${cursor}` : ''].filter(Boolean);
      const body = feedResponse.parse(await feedPage(t, params.join('&'), token));
      all.push(...body.products);
      cursor = body.nextCursor;
      if (!cursor) return all;
    }
    throw new Error('the feed never ended');
  }
  const idsOf = (list: Product[]) => list.map((p) => p._id);

  describe('GET /api/v1/video/all', () => {
    it('shows only ready posts: not processing, failed or removed ones, nor blocked authors’', async () => {
      const ready = await newPost(t, author.user.id);
      const processing = await newPost(t, author.user.id, {
        status: 'processing',
        videoKey: null,
        posterKey: null,
        readyAt: null,
      });
      const failed = await newPost(t, author.user.id, { status: 'failed', failureReason: 'x' });
      const removed = await newPost(t, author.user.id, {
        removedAt: new Date(),
        removedBy: author.user.id,
      });
      const blockedAuthor = await newUser(t);
      const ofBlocked = await newPost(t, blockedAuthor.user.id);
      const before = idsOf(await wholeFeed());
      expect(before).toContain(ofBlocked.id);

      await blockUser(t, blockedAuthor.user.id);
      const ids = idsOf(await wholeFeed());
      expect(ids).toContain(ready.id);
      for (const hidden of [processing, failed, removed, ofBlocked]) {
        expect(ids).not.toContain(hidden.id);
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('pages newest first with a cursor; equal created_at values neither repeat nor vanish', async () => {
      // In the future, so they lead the feed whatever else this file created. Groups of three
      // share a timestamp, and two groups straddle page ends (items 9-11 and 18-20).
      const base = Date.UTC(2099, 0, 1);
      const made = [];
      for (let i = 0; i < 25; i++) {
        made.push(
          await newPost(t, author.user.id, {
            caption: `post ${i}`,
            createdAt: new Date(base - Math.floor(i / 3) * 1000),
          }),
        );
      }
      const expected = [...made]
        .sort((a, b) =>
          a.createdAt.getTime() !== b.createdAt.getTime()
            ? b.createdAt.getTime() - a.createdAt.getTime()
            : a.id < b.id
              ? 1
              : -1,
        )
        .map((p) => p.id);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const body = feedResponse.parse(
          await feedPage(t, `limit=10${cursor ? `&cursor=${cursor}` : ''}`),
        );
        expect(body.products.length).toBeLessThanOrEqual(10);
        if (body.nextCursor) expect(body.products).toHaveLength(10);
        seen.push(...idsOf(body.products));
        cursor = body.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      expect(cursor).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(0, 25)).toEqual(expected);
      // The whole feed is newest first.
      const times = (await wholeFeed()).map((p) => Date.parse(p.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('keeps posts created within the same millisecond apart (microsecond timestamps)', async () => {
      const first = await newPost(t, author.user.id);
      const second = await newPost(t, author.user.id);
      const third = await newPost(t, author.user.id);
      // As now() stores them: microseconds, all three inside one millisecond of 2100.
      const stamps: [string, string][] = [
        [first.id, '2100-01-01T00:00:00.123900Z'],
        [second.id, '2100-01-01T00:00:00.123500Z'],
        [third.id, '2100-01-01T00:00:00.123100Z'],
      ];
      for (const [id, at] of stamps) {
        await t.database.db
          .update(posts)
          .set({ createdAt: sql`${at}::timestamptz` })
          .where(eq(posts.id, id));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 3; i++) {
        const body = feedResponse.parse(
          await feedPage(t, `limit=1${cursor ? `&cursor=${cursor}` : ''}`),
        );
        seen.push(...idsOf(body.products));
        cursor = body.nextCursor;
      }
      expect(seen).toEqual([first.id, second.id, third.id]);
    });

    it('pages 8 posts by default, up to 30 when asked', async () => {
      const old = new Date(Date.UTC(2001, 0, 1));
      for (let i = 0; i < 31; i++) await newPost(t, author.user.id, { createdAt: old });
      expect((await wholeFeed()).length).toBeGreaterThan(30);
      const byDefault = await feedPage(t);
      expect(byDefault.products).toHaveLength(8);
      expect(byDefault.nextCursor).toEqual(expect.any(String));
      expect((await feedPage(t, 'limit=30')).products).toHaveLength(30);
      expect((await feedPage(t, 'limit=1')).products).toHaveLength(1);
    });

    it.each(['0', '31', 'abc', '-1', '2.5'])('400 for limit=%j', async (limit) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/video/all?limit=${limit}` });
      expectError(res, 400, messages.invalid_input, 'invalid_input');
    });

    it.each([
      ['garbage', 'garbage'],
      ['base64 of junk', b64('junk junk junk')],
      ['a bad uuid', b64(`2024-05-01T10:00:00.000Z|not-a-uuid`)],
      ['a bad date', b64(`yesterday|${randomUUID()}`)],
      ['no separator', b64(randomUUID())],
    ])('400 cursor_invalid for %s', async (_label, cursor) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/video/all?cursor=${encodeURIComponent(cursor)}`,
      });
      expectError(res, 400, messages.cursor_invalid, 'cursor_invalid');
    });

    it('400 for a cursor over 200 characters', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/video/all?cursor=${'a'.repeat(201)}`,
      });
      expectError(res, 400, messages.invalid_input, 'invalid_input');
    });

    it('emergency=true shows only emergency posts, paged alike', async () => {
      const urgent = await newPost(t, author.user.id, { emergency: true, caption: 'Accident' });
      const urgentOld = await newPost(t, author.user.id, {
        emergency: true,
        createdAt: new Date(Date.UTC(2020, 0, 1)),
      });
      const normal = await newPost(t, author.user.id, { emergency: false });
      const hidden = await newPost(t, author.user.id, {
        emergency: true,
        status: 'processing',
      });
      for (const flag of ['true', 'on']) {
        const list = await wholeFeed(`emergency=${flag}`);
        expect(idsOf(list)).toEqual([urgent.id, urgentOld.id]);
        expect(list.every((p) => p.emergency)).toBe(true);
      }
      const page = await feedPage(t, 'emergency=true&limit=1');
      expect(idsOf(page.products)).toEqual([urgent.id]);
      const next = await feedPage(t, `emergency=true&limit=1&cursor=${page.nextCursor ?? ''}`);
      expect(idsOf(next.products)).toEqual([urgentOld.id]);
      expect(next.nextCursor).toBeNull();
      const everything = idsOf(await wholeFeed('emergency=false'));
      expect(everything).toEqual(expect.arrayContaining([urgent.id, normal.id]));
      expect(everything).not.toContain(hidden.id);
    });

    it('gives each item its counts, likedByMe for the viewer, images and the public author', async () => {
      const post = await newPost(t, author.user.id, {
        caption: 'Diversion at Karjan\nUse service road',
        location: 'Karjan, Gujarat',
        commentCount: 3,
        createdAt: new Date(Date.UTC(2101, 0, 1)),
      });
      const other = await newUser(t);
      await t.database.db.insert(likes).values([
        { postId: post.id, userId: viewer.user.id },
        { postId: post.id, userId: other.user.id },
      ]);
      await t.database.db.update(posts).set({ likeCount: 2 }).where(eq(posts.id, post.id));
      await t.database.db.insert(postImages).values([
        {
          id: randomUUID(),
          postId: post.id,
          position: 1,
          key: `public/posts/${post.id}/1.jpg`,
          width: 10,
          height: 20,
        },
        {
          id: randomUUID(),
          postId: post.id,
          position: 0,
          key: `public/posts/${post.id}/0.jpg`,
          width: 30,
          height: 40,
        },
      ]);

      const find = async (token?: string) => {
        const list = (await feedPage(t, 'limit=1', token)).products;
        expect(idsOf(list)).toEqual([post.id]);
        return list[0];
      };
      const seenByLiker = await find(viewer.token);
      expect(Object.keys(seenByLiker ?? {}).sort()).toEqual(productKeys);
      expect(seenByLiker).toEqual({
        _id: post.id,
        title: 'Diversion at Karjan',
        caption: 'Diversion at Karjan\nUse service road',
        location: 'Karjan, Gujarat',
        emergency: false,
        createdAt: '2101-01-01T00:00:00.000Z',
        status: 'ready',
        failureReason: null,
        likes: 2,
        likedByMe: true,
        commentsCount: 3,
        video: {
          url: `/media/posts/${post.id}/video.mp4`,
          posterUrl: `/media/posts/${post.id}/poster.jpg`,
          // No small poster made for this post (as for posts older than it): the full one.
          posterSmallUrl: `/media/posts/${post.id}/poster.jpg`,
          duration: 3,
          width: 720,
          height: 1280,
          // Only the 720p file until the low rendition is made; its rate is the encoder's cap.
          renditions: [
            { url: `/media/posts/${post.id}/video.mp4`, width: 720, height: 1280, kbps: 1596 },
          ],
        },
        images: [
          { url: `/media/posts/${post.id}/0.jpg`, width: 30, height: 40 },
          { url: `/media/posts/${post.id}/1.jpg`, width: 10, height: 20 },
        ],
        user: {
          _id: author.user.id,
          name: 'Asha Driver',
          usertype: 'driver',
          profileImage: { url: expect.any(String) },
        },
      });
      expect((await find(author.token))?.likedByMe).toBe(false);
      expect((await find())?.likedByMe).toBe(false);
    });

    it("leaves out the author's phone number unless they chose to show it", async () => {
      const shy = await newUser(t, { showNumber: false });
      const open = await newUser(t, { showNumber: true });
      const shyPost = await newPost(t, shy.user.id, { createdAt: new Date(Date.UTC(2102, 0, 2)) });
      const openPost = await newPost(t, open.user.id, {
        createdAt: new Date(Date.UTC(2102, 0, 1)),
      });
      const digits = (phone: string) => phone.slice(-10);

      const res = await t.app.inject({ method: 'GET', url: '/api/v1/video/all?limit=2' });
      const body = feedResponse.parse(res.json());
      expect(idsOf(body.products)).toEqual([shyPost.id, openPost.id]);
      expect(res.body).not.toContain(digits(shy.user.phone));
      expect(body.products[0]?.user).not.toHaveProperty('number');
      expect(body.products[1]?.user.number).toBe(open.user.phone);

      const single = await getPost(t, shyPost.id, viewer.token);
      expect(single.statusCode).toBe(200);
      expect(single.body).not.toContain(digits(shy.user.phone));
      expect((await getPost(t, openPost.id)).body).toContain(digits(open.user.phone));
    });

    it('answers the public feed to a stale or invalid token', async () => {
      const loggedOut = await newUser(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: bearer(loggedOut.token),
      });
      for (const headers of [
        { authorization: 'Bearer not-a-token' },
        { authorization: 'Bearer ' },
        bearer(loggedOut.token),
        { cookie: 'Token=garbage' },
      ]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/video/all', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect(feedResponse.parse(res.json()).products.length).toBeGreaterThan(0);
      }
    });

    it("403 account_blocked for a blocked user's token", async () => {
      const blocked = await newUser(t);
      await blockUser(t, blocked.user.id);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/video/all',
        headers: bearer(blocked.token),
      });
      expectError(res, 403, messages.account_blocked, 'account_blocked');
    });
  });

  describe('GET /api/v1/video/:videoId', () => {
    it('200 for a ready post, with likedByMe for the viewer', async () => {
      const post = await newPost(t, author.user.id, { caption: 'Single' });
      await t.database.db.insert(likes).values({ postId: post.id, userId: viewer.user.id });
      const anonymous = await getPost(t, post.id);
      expect(anonymous.statusCode).toBe(200);
      const body = productResponse.parse(anonymous.json());
      expect(body.product).toMatchObject({ _id: post.id, caption: 'Single', likedByMe: false });
      const signedIn = productResponse.parse((await getPost(t, post.id, viewer.token)).json());
      expect(signedIn.product.likedByMe).toBe(true);
    });

    it('404 for processing, failed, removed, blocked-author and unknown posts', async () => {
      const blockedAuthor = await newUser(t);
      const ofBlocked = await newPost(t, blockedAuthor.user.id);
      await blockUser(t, blockedAuthor.user.id);
      const ids = [
        (await newPost(t, author.user.id, { status: 'processing', videoKey: null })).id,
        (await newPost(t, author.user.id, { status: 'failed' })).id,
        (await newPost(t, author.user.id, { removedAt: new Date() })).id,
        ofBlocked.id,
        randomUUID(),
      ];
      for (const id of ids) {
        expectError(await getPost(t, id), 404, messages.post_not_found, 'post_not_found');
        // Not even for its author.
        expectError(await getPost(t, id, author.token), 404, messages.post_not_found);
      }
    });

    it('400 for an id that is not a uuid', async () => {
      for (const id of ['123', 'not-a-uuid', `${randomUUID()}x`]) {
        const res = await getPost(t, id);
        expect(res.statusCode, id).toBe(400);
      }
    });
  });

  describe('GET /api/v1/video/mine', () => {
    it('401 anonymous', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/video/mine' });
      expectError(res, 401, messages.not_signed_in, 'not_signed_in');
    });

    it("lists only the caller's posts, in every state but removed, newest first", async () => {
      const me = await newUser(t);
      const at = (day: number) => new Date(Date.UTC(2024, 0, day));
      const ready = await newPost(t, me.user.id, { createdAt: at(1) });
      const processing = await newPost(t, me.user.id, {
        status: 'processing',
        videoKey: null,
        posterKey: null,
        createdAt: at(3),
      });
      const failed = await newPost(t, me.user.id, {
        status: 'failed',
        failureReason: 'The video could not be read. It may be damaged.',
        createdAt: at(2),
      });
      await newPost(t, me.user.id, { removedAt: new Date() });
      await newPost(t, author.user.id);

      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/video/mine',
        headers: bearer(me.token),
      });
      const { products } = myPostsResponse.parse(res.json());
      expect(idsOf(products)).toEqual([processing.id, failed.id, ready.id]);
      expect(products.map((p) => p.status)).toEqual(['processing', 'failed', 'ready']);
      expect(products[0]).toMatchObject({ video: null, images: [], failureReason: null });
      expect(products[1]).toMatchObject({
        video: null,
        failureReason: 'The video could not be read. It may be damaged.',
      });
      expect(products[2]?.video?.url).toBe(`/media/posts/${ready.id}/video.mp4`);
      expect(await myPosts(t, viewer.token)).toEqual([]);
    });
  });

  describe('OpenAPI', () => {
    interface OpenApi {
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    }
    const calls = [
      ...Object.entries(postCalls),
      ...Object.entries(commentCalls),
      ...Object.entries(reportCalls),
    ];
    it.each(calls)('/api/docs/json lists %s with its guard', async (_name, call) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as OpenApi;
      const path = call.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${path}`).toBeDefined();
      expect(operation?.summary).toBe(call.summary);
      if (call.auth === 'user') expect(operation?.security).toEqual([{ bearer: [] }]);
      else expect(operation?.security).toBeUndefined();
    });
  });
});
