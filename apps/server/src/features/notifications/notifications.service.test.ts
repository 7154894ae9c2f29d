import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../auth/viewer.js';
import { newPost } from '../../../test/feed-factories.js';
import { startServices, type Services } from '../../../test/service-context.js';
import { PUSH_QUEUE, userChannel } from './service.js';

describe('notification service: who is told what, and what they have read', () => {
  let s: Services;
  beforeAll(async () => {
    s = await startServices();
  });
  afterAll(() => s.close());

  const listOf = (viewer: Viewer) => s.notifications.list(viewer, { limit: 50 });
  /** What a user was told, newest first: the kind and who caused it. */
  const toldTo = async (viewer: Viewer) =>
    (await listOf(viewer)).notifications.map((n) => ({ kind: n.kind, actor: n.actor?._id }));

  it('a like tells the author once, however often it is taken back and given again', async () => {
    const author = await s.viewer();
    const fan = await s.viewer();
    const post = await newPost(s, author.user.id);
    await s.likes.toggle(post.id, fan);
    await s.likes.toggle(post.id, fan);
    await s.likes.toggle(post.id, fan);

    expect(await toldTo(author)).toEqual([{ kind: 'like', actor: fan.user.id }]);
    expect(await toldTo(fan)).toEqual([]);
  });

  it('a follow tells the followee once, however often it is undone and repeated', async () => {
    const fan = await s.viewer();
    const idol = await s.viewer();
    await s.follows.follow(fan, idol.user.id);
    await s.follows.unfollow(fan, idol.user.id);
    await s.follows.follow(fan, idol.user.id);

    expect(await toldTo(idol)).toEqual([{ kind: 'follow', actor: fan.user.id }]);
  });

  it('every comment tells the post’s author, with its text', async () => {
    const author = await s.viewer();
    const reader = await s.viewer();
    const post = await newPost(s, author.user.id);
    await s.comments.add(post.id, reader, 'Which highway is this?');
    await s.comments.add(post.id, reader, 'Found it, NH48');

    const { notifications } = await listOf(author);
    expect(notifications.map((n) => [n.kind, n.actor?._id, n.text])).toEqual([
      ['comment', reader.user.id, 'Found it, NH48'],
      ['comment', reader.user.id, 'Which highway is this?'],
    ]);
  });

  it('nobody is told of their own like or comment', async () => {
    const author = await s.viewer();
    const post = await newPost(s, author.user.id);
    await s.likes.toggle(post.id, author);
    await s.comments.add(post.id, author, 'Drive safe, everyone');

    expect(await toldTo(author)).toEqual([]);
    await s.notifications.notify({ userId: author.user.id, kind: 'like', actorId: author.user.id });
    expect(await toldTo(author)).toEqual([]);
  });

  it('an @mention tells people in the conversation, not strangers who share the name', async () => {
    const author = await s.viewer({ name: 'Ravi Kumar' });
    const commenter = await s.viewer({ name: 'Sunil Yadav' });
    const stranger = await s.viewer({ name: 'Sunil Yadav' });
    const writer = await s.viewer();
    const post = await newPost(s, author.user.id);
    await s.comments.add(post.id, commenter, 'Seen this truck before');
    await s.comments.add(post.id, writer, '@Sunil you are right, @RaviKumar drive safe');

    expect(await toldTo(commenter)).toEqual([{ kind: 'mention', actor: writer.user.id }]);
    expect(await toldTo(stranger)).toEqual([]);
    // The author hears of the comment once, not a second time as a mention.
    expect((await toldTo(author)).filter((n) => n.actor === writer.user.id)).toEqual([
      { kind: 'comment', actor: writer.user.id },
    ]);
  });

  it('a notification reaches the user’s open pages at once and is queued for Web Push', async () => {
    const author = await s.viewer();
    const fan = await s.viewer();
    const post = await newPost(s, author.user.id);
    const live: string[] = [];
    const sub = s.hub.subscribe(userChannel(author.user.id), (event) => live.push(event));
    try {
      await s.likes.toggle(post.id, fan);
    } finally {
      sub.leave();
    }
    expect(live).toEqual(['notification']);
    expect(s.queued.filter((j) => j.queue === PUSH_QUEUE).map((j) => j.data)).toContainEqual(
      expect.objectContaining({ userId: author.user.id }),
    );
  });

  it('new notifications are unread; one or all can be marked read', async () => {
    const me = await s.viewer();
    const post = await newPost(s, me.user.id);
    for (let i = 0; i < 3; i++) await s.likes.toggle(post.id, await s.viewer());

    const first = await listOf(me);
    expect(first.unreadCount).toBe(3);
    expect(first.notifications.every((n) => !n.read)).toBe(true);

    const one = first.notifications[0]?._id ?? '';
    expect((await s.notifications.markRead(me, one)).unreadCount).toBe(2);
    const after = await listOf(me);
    expect(after.notifications.map((n) => n.read)).toEqual([true, false, false]);

    await s.notifications.markAllRead(me);
    const all = await listOf(me);
    expect(all.unreadCount).toBe(0);
    expect(all.notifications.every((n) => n.read)).toBe(true);
  });

  it('nobody reads or marks another person’s notifications', async () => {
    const me = await s.viewer();
    const other = await s.viewer();
    await s.follows.follow(other, me.user.id);
    const [mine] = (await listOf(me)).notifications;

    await expect(s.notifications.markRead(other, mine?._id ?? '')).rejects.toMatchObject({
      status: 404,
      code: 'notification_not_found',
    });
    await s.notifications.markAllRead(other);
    expect((await listOf(me)).unreadCount).toBe(1);
    expect(await toldTo(other)).toEqual([]);
  });
});
