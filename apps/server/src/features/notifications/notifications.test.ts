import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultProfileImage,
  messages,
  notification as notificationSchema,
  type AppNotification,
} from '@saathi/contract';
import { notifications } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { quickUser } from '../../../test/feed-helpers.js';
import {
  bearer,
  blockUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

interface ListBody {
  success: true;
  notifications: AppNotification[];
  unreadCount: number;
  nextCursor: string | null;
}

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {} });
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res;
  };
  const follow = (who: TestUser, whom: TestUser) =>
    ok('POST', `/api/follow/follow/${whom.user.id}`, who.token);
  const unfollow = (who: TestUser, whom: TestUser) =>
    ok('DELETE', `/api/follow/unfollow/${whom.user.id}`, who.token);
  const like = (who: TestUser, postId: string) =>
    ok('PUT', `/api/v1/toggle/like/${postId}`, who.token);
  const comment = (who: TestUser, postId: string, text: string) =>
    ok('POST', `/api/v1/video/${postId}/comment`, who.token, { comment: text });

  async function page(token: string, query = ''): Promise<ListBody> {
    const res = await send('GET', `/api/v1/notifications${query ? `?${query}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListBody;
    expect(Object.keys(body).sort()).toEqual([
      'nextCursor',
      'notifications',
      'success',
      'unreadCount',
    ]);
    for (const n of body.notifications) notificationSchema.parse(n);
    return body;
  }
  const inbox = async (u: TestUser) => (await page(u.token, 'limit=50')).notifications;
  const kindsOf = async (u: TestUser) => (await inbox(u)).map((n) => n.kind);

  const summary = (u: TestUser) => ({
    _id: u.user.id,
    name: u.user.name,
    usertype: u.user.usertype,
    profileImage: { url: defaultProfileImage },
  });

  describe('stored by real events', () => {
    it('someone follows you: once, even after unfollow and follow again', async () => {
      const me = await quickUser(t);
      const fan = await quickUser(t, { name: 'Fan Follower', showNumber: true });
      await follow(fan, me);
      await unfollow(fan, me);
      await follow(fan, me);
      await follow(fan, me);
      const list = await inbox(me);
      expect(list).toHaveLength(1);
      expect(list[0]).toEqual({
        _id: expect.any(String),
        kind: 'follow',
        actor: summary(fan),
        post: null,
        notice: null,
        text: null,
        link: `/user/profile/${fan.user.id}`,
        createdAt: expect.any(String),
        read: false,
      });
      // The actor is a public summary: even a shown number is not part of a notification.
      expect(JSON.stringify(list)).not.toContain(fan.user.phone.slice(-10));
      // The follower hears nothing.
      expect(await inbox(fan)).toEqual([]);
    });

    it('someone likes your post: once per person and post; your own like is silent', async () => {
      const author = await quickUser(t);
      const fan = await quickUser(t);
      const other = await quickUser(t);
      const post = await newPost(t, author.user.id);
      const second = await newPost(t, author.user.id);
      await like(fan, post.id);
      await like(fan, post.id); // unlike
      await like(fan, post.id); // like again
      await like(fan, second.id);
      await like(other, post.id);
      await like(author, post.id);
      const list = await inbox(author);
      expect(list.map((n) => [n.kind, n.actor?._id, n.post?._id])).toEqual([
        ['like', other.user.id, post.id],
        ['like', fan.user.id, second.id],
        ['like', fan.user.id, post.id],
      ]);
      expect(list[2]).toMatchObject({
        post: { _id: post.id, posterUrl: `/media/posts/${post.id}/poster.jpg` },
        link: `/?v=${post.id}`,
        text: null,
      });
    });

    it('someone comments on your post: the text (an excerpt when long) and a link', async () => {
      const author = await quickUser(t);
      const writer = await quickUser(t, { name: 'Comment Writer' });
      const post = await newPost(t, author.user.id);
      await comment(writer, post.id, 'Drive safe on the ghat road!');
      const long = `${'Fog near Lonavala. '.repeat(20)}end`;
      await comment(writer, post.id, long);
      await comment(author, post.id, 'Thanks, will do');
      const list = await inbox(author);
      expect(list).toHaveLength(2);
      expect(list[1]).toMatchObject({
        kind: 'comment',
        actor: summary(writer),
        post: { _id: post.id },
        text: 'Drive safe on the ghat road!',
        link: `/?v=${post.id}&comments=1`,
      });
      const excerpt = list[0]?.text ?? '';
      expect(excerpt.length).toBe(140);
      expect(excerpt.endsWith('…')).toBe(true);
      expect(long.startsWith(excerpt.slice(0, -1))).toBe(true);
    });

    it('mentions: only people in the conversation, by first name or the whole name squashed', async () => {
      const author = await quickUser(t, { name: 'Asha Patel' });
      const commenter = await quickUser(t, { name: 'Ramesh Kumar' });
      const followed = await quickUser(t, { name: 'Vikram Singh' });
      const writer = await quickUser(t, { name: 'Sunil Rao' });
      // Same name as the commenter, but not in this conversation.
      const stranger = await quickUser(t, { name: 'Ramesh Kumar' });
      const outsider = await quickUser(t, { name: 'Deepak Joshi' });
      const blockedOne = await quickUser(t, { name: 'Manoj Tiwari' });
      const post = await newPost(t, author.user.id);
      await comment(commenter, post.id, 'Heavy traffic here');
      await comment(blockedOne, post.id, 'Me too');
      await blockUser(t, blockedOne.user.id);
      await follow(writer, followed);

      await comment(writer, post.id, '@Ramesh and @Vikram, see this');
      await comment(writer, post.id, 'Again @RameshKumar');
      await comment(writer, post.id, '@deepak @Manoj @Sunil @Asha look');

      const mentionsOf = async (u: TestUser) =>
        (await inbox(u)).filter((n) => n.kind === 'mention');
      const toCommenter = await mentionsOf(commenter);
      expect(toCommenter.map((n) => n.text)).toEqual([
        'Again @RameshKumar',
        '@Ramesh and @Vikram, see this',
      ]);
      expect(toCommenter[0]).toMatchObject({
        actor: summary(writer),
        post: { _id: post.id },
        link: `/?v=${post.id}&comments=1`,
        read: false,
      });
      expect((await mentionsOf(followed)).map((n) => n.text)).toEqual([
        '@Ramesh and @Vikram, see this',
      ]);
      expect(await inbox(stranger)).toEqual([]);
      expect(await inbox(outsider)).toEqual([]);
      // No self-notification for the writer.
      expect(await kindsOf(writer)).toEqual([]);
      // The author gets 'comment' for each comment, never a 'mention' as well.
      expect(await kindsOf(author)).toEqual([
        'comment',
        'comment',
        'comment',
        'comment',
        'comment',
      ]);
      const [blockedRows] = await t.database.db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.userId, blockedOne.user.id));
      expect(blockedRows?.n).toBe(0);
    });

    it('mentions match whatever the case and with punctuation after the name', async () => {
      const author = await quickUser(t, { name: 'Kiran Das' });
      const commenter = await quickUser(t, { name: 'Ramesh Kumar' });
      const writer = await quickUser(t, { name: 'Gopal Nair' });
      const post = await newPost(t, author.user.id);
      await comment(commenter, post.id, 'Road closed?');
      await comment(writer, post.id, 'Thanks @ramesh.');
      await comment(writer, post.id, 'Ask @RAMESHKUMAR!');
      expect(
        (await inbox(commenter)).filter((n) => n.kind === 'mention').map((n) => n.text),
      ).toEqual(['Ask @RAMESHKUMAR!', 'Thanks @ramesh.']);
    });
  });

  describe('GET, read and read-all', () => {
    it('pages newest first with a cursor, each once, with the unread count', async () => {
      const me = await quickUser(t);
      const fans = [];
      for (let i = 0; i < 7; i++) {
        const fan = await quickUser(t, { name: `Pager ${i}` });
        await follow(fan, me);
        fans.push(fan);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10 && (i === 0 || cursor); i++) {
        const body: ListBody = await page(me.token, `limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(body.unreadCount).toBe(7);
        expect(body.notifications.length).toBeLessThanOrEqual(3);
        seen.push(...body.notifications.map((n) => n.actor?._id ?? ''));
        cursor = body.nextCursor;
      }
      expect(cursor).toBeNull();
      expect(seen).toEqual([...fans].reverse().map((f) => f.user.id));
      expectError(
        await send('GET', '/api/v1/notifications?cursor=bm90LWEtY3Vyc29y', me.token),
        400,
        messages.cursor_invalid,
        'cursor_invalid',
      );
      expect((await send('GET', '/api/v1/notifications?limit=51', me.token)).statusCode).toBe(400);
    });

    it('marks one read, then all; another user is never touched or shown', async () => {
      const me = await quickUser(t);
      const other = await quickUser(t);
      const actors = await Promise.all([quickUser(t), quickUser(t), quickUser(t)]);
      for (const a of actors) await follow(a, me);
      await follow(actors[0] as TestUser, other);
      const mine = await inbox(me);
      const theirs = await inbox(other);
      expect(mine).toHaveLength(3);
      expect(theirs).toHaveLength(1);
      const [first, second] = mine;
      if (!first || !second) throw new Error('setup');

      const read = await ok('PUT', `/api/v1/notifications/${first._id}/read`, me.token);
      expect(read.json()).toEqual({ success: true, unreadCount: 2 });
      // Reading twice is fine and changes nothing.
      const again = await ok('PUT', `/api/v1/notifications/${first._id}/read`, me.token);
      expect(again.json()).toEqual({ success: true, unreadCount: 2 });
      const after = await page(me.token);
      expect(after.unreadCount).toBe(2);
      expect(after.notifications.map((n) => n.read)).toEqual([true, false, false]);

      // Another user's notification, an unknown id: 404; a malformed id: 400.
      for (const id of [theirs[0]?._id ?? '', randomUUID()]) {
        expectError(
          await send('PUT', `/api/v1/notifications/${id}/read`, me.token),
          404,
          messages.notification_not_found,
          'notification_not_found',
        );
      }
      expect((await send('PUT', '/api/v1/notifications/42/read', me.token)).statusCode).toBe(400);
      expect((await page(other.token)).notifications.map((n) => n.read)).toEqual([false]);

      const all = await ok('PUT', '/api/v1/notifications/read-all', me.token);
      expect(all.json()).toEqual({ success: true, unreadCount: 0 });
      const done = await page(me.token);
      expect(done.unreadCount).toBe(0);
      expect(done.notifications.every((n) => n.read)).toBe(true);
      // The other user's stays unread, and they never see mine.
      const otherPage = await page(other.token);
      expect(otherPage.unreadCount).toBe(1);
      expect(otherPage.notifications.map((n) => n._id)).toEqual([theirs[0]?._id]);
      expect(otherPage.notifications.map((n) => n._id)).not.toContain(second._id);
    });

    it('401 without a token on every call', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/notifications'],
        ['PUT', `/api/v1/notifications/${randomUUID()}/read`],
        ['PUT', '/api/v1/notifications/read-all'],
      ] as const) {
        expectError(await send(method, url), 401, messages.not_signed_in, 'not_signed_in');
      }
    });
  });
});
