import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockUser } from '../../../test/harness.js';
import { startServices, type Services } from '../../../test/service-context.js';

describe('follow service: the rules of the follow graph', () => {
  let s: Services;
  beforeAll(async () => {
    s = await startServices();
  });
  afterAll(() => s.close());

  const countsOf = async (userId: string) => {
    const { followersCount, followingCount } = await s.follows.stats(userId);
    return { followers: followersCount, following: followingCount };
  };

  it('a follow counts once on both sides, however often it is repeated', async () => {
    const me = await s.viewer();
    const them = await s.viewer();
    await s.follows.follow(me, them.user.id);
    await s.follows.follow(me, them.user.id);

    expect((await s.follows.check(me, them.user.id)).isFollowing).toBe(true);
    expect(await countsOf(them.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await countsOf(me.user.id)).toEqual({ followers: 0, following: 1 });
  });

  it('an unfollow undoes the follow, and repeating it takes nothing below zero', async () => {
    const me = await s.viewer();
    const them = await s.viewer();
    await s.follows.follow(me, them.user.id);
    await s.follows.unfollow(me, them.user.id);
    await s.follows.unfollow(me, them.user.id);

    expect((await s.follows.check(me, them.user.id)).isFollowing).toBe(false);
    expect(await countsOf(them.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await countsOf(me.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('following is one way: B does not follow A back because A followed B', async () => {
    const a = await s.viewer();
    const b = await s.viewer();
    await s.follows.follow(a, b.user.id);
    expect((await s.follows.check(b, a.user.id)).isFollowing).toBe(false);
  });

  it('nobody follows or unfollows themselves, and nothing is counted', async () => {
    const me = await s.viewer();
    await expect(s.follows.follow(me, me.user.id)).rejects.toMatchObject({
      status: 400,
      code: 'follow_self',
    });
    await expect(s.follows.unfollow(me, me.user.id)).rejects.toMatchObject({
      status: 400,
      code: 'follow_self',
    });
    expect(await countsOf(me.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('a blocked account can be neither followed nor looked up', async () => {
    const me = await s.viewer();
    const blocked = await s.viewer();
    await blockUser(s, blocked.user.id);

    await expect(s.follows.follow(me, blocked.user.id)).rejects.toMatchObject({
      status: 404,
      code: 'user_not_found',
    });
    await expect(s.follows.stats(blocked.user.id)).rejects.toMatchObject({ status: 404 });
    expect(await countsOf(me.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('an account blocked after being followed leaves the follow lists', async () => {
    const fan = await s.viewer();
    const idol = await s.viewer();
    const other = await s.viewer();
    await s.follows.follow(fan, idol.user.id);
    await s.follows.follow(fan, other.user.id);
    await blockUser(s, idol.user.id);

    const { following } = await s.follows.following(fan.user.id, { limit: 10 });
    expect(following.map((f) => f.following._id)).toEqual([other.user.id]);
  });

  it('suggests neither the viewer, nor people followed, nor blocked accounts', async () => {
    const me = await s.viewer();
    const followed = await s.viewer();
    const blocked = await s.viewer();
    const stranger = await s.viewer();
    await s.follows.follow(me, followed.user.id);
    await blockUser(s, blocked.user.id);

    const ids = (await s.follows.suggestions(me)).suggestions.map((p) => p._id);
    expect(ids).toContain(stranger.user.id);
    expect(ids).not.toContain(me.user.id);
    expect(ids).not.toContain(followed.user.id);
    expect(ids).not.toContain(blocked.user.id);
  });

  it('suggests first whom the people I follow follow', async () => {
    const me = await s.viewer();
    const friend = await s.viewer();
    const friendOfFriend = await s.viewer();
    await s.follows.follow(me, friend.user.id);
    await s.follows.follow(friend, friendOfFriend.user.id);

    const [first] = (await s.follows.suggestions(me)).suggestions;
    expect(first).toMatchObject({
      _id: friendOfFriend.user.id,
      reason: 'followed_by_people_you_follow',
    });
  });
});
