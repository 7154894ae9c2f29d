import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { follows, notifications, users } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { bearer, blockUser, startTestApp, type TestApp } from '../../../test/harness.js';

describe('follow graph: check, stats, follow, unfollow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {} });
  const follow = (userId: string, token?: string) =>
    call('POST', `/api/follow/follow/${userId}`, token);
  const unfollow = (userId: string, token?: string) =>
    call('DELETE', `/api/follow/unfollow/${userId}`, token);
  const check = (userId: string, token?: string) =>
    call('GET', `/api/follow/check/${userId}`, token);
  const stats = (userId: string, token?: string) =>
    call('GET', `/api/follow/stats/${userId}`, token);

  /** The counters on the user rows and the follow rows behind them. */
  async function graphOf(userId: string) {
    const [row] = await t.database.db
      .select({ followers: users.followersCount, following: users.followingCount })
      .from(users)
      .where(eq(users.id, userId));
    const [followerRows] = await t.database.db
      .select({ n: count() })
      .from(follows)
      .where(eq(follows.followeeId, userId));
    const [followingRows] = await t.database.db
      .select({ n: count() })
      .from(follows)
      .where(eq(follows.followerId, userId));
    return {
      followersCount: row?.followers,
      followerRows: followerRows?.n,
      followingCount: row?.following,
      followingRows: followingRows?.n,
    };
  }

  async function expectConsistent(userIds: string[]) {
    for (const id of userIds) {
      const g = await graphOf(id);
      expect(g.followersCount, `followers of ${id}`).toBe(g.followerRows);
      expect(g.followingCount, `following of ${id}`).toBe(g.followingRows);
    }
  }

  it('follows, checks, counts and unfollows with the documented response fields', async () => {
    const me = await quickUser(t);
    const them = await quickUser(t);

    expect((await check(them.user.id, me.token)).json()).toEqual({
      success: true,
      isFollowing: false,
    });

    const followed = await follow(them.user.id, me.token);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({
      success: true,
      message: messages.followed,
      code: 'followed',
    });

    expect((await check(them.user.id, me.token)).json()).toEqual({
      success: true,
      isFollowing: true,
    });
    // The other direction is its own edge.
    expect((await check(me.user.id, them.token)).json()).toEqual({
      success: true,
      isFollowing: false,
    });
    expect((await stats(them.user.id, me.token)).json()).toEqual({
      success: true,
      followersCount: 1,
      followingCount: 0,
    });
    expect((await stats(me.user.id, me.token)).json()).toEqual({
      success: true,
      followersCount: 0,
      followingCount: 1,
    });

    const unfollowed = await unfollow(them.user.id, me.token);
    expect(unfollowed.statusCode, unfollowed.body).toBe(200);
    expect(unfollowed.json()).toEqual({
      success: true,
      message: messages.unfollowed,
      code: 'unfollowed',
    });
    expect((await check(them.user.id, me.token)).json()).toEqual({
      success: true,
      isFollowing: false,
    });
    expect((await stats(them.user.id)).json()).toEqual({
      success: true,
      followersCount: 0,
      followingCount: 0,
    });
    // Unfollowing someone not followed is not an error and changes nothing.
    expect((await unfollow(them.user.id, me.token)).statusCode).toBe(200);
    await expectConsistent([me.user.id, them.user.id]);
  });

  it('stats work without a token', async () => {
    const a = await quickUser(t);
    const b = await quickUser(t);
    await follow(b.user.id, a.token);
    const res = await stats(b.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, followersCount: 1, followingCount: 0 });
  });

  it('following twice is not an error and counts once', async () => {
    const me = await quickUser(t);
    const them = await quickUser(t);
    for (let i = 0; i < 3; i++) {
      const res = await follow(them.user.id, me.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: messages.followed, code: 'followed' });
    }
    expect(await graphOf(them.user.id)).toMatchObject({ followersCount: 1, followerRows: 1 });
    expect(await graphOf(me.user.id)).toMatchObject({ followingCount: 1, followingRows: 1 });
  });

  it('refuses to follow or unfollow oneself with 400', async () => {
    const me = await quickUser(t);
    expectError(await follow(me.user.id, me.token), 400, messages.follow_self, 'follow_self');
    expectError(await unfollow(me.user.id, me.token), 400, messages.follow_self, 'follow_self');
    expect(await graphOf(me.user.id)).toEqual({
      followersCount: 0,
      followerRows: 0,
      followingCount: 0,
      followingRows: 0,
    });
  });

  it('answers 404 for an unknown or a blocked user on every call', async () => {
    const me = await quickUser(t);
    const blocked = await quickUser(t);
    await follow(blocked.user.id, me.token);
    await blockUser(t, blocked.user.id);
    for (const id of [randomUUID(), blocked.user.id]) {
      for (const res of [
        await follow(id, me.token),
        await unfollow(id, me.token),
        await check(id, me.token),
        await stats(id, me.token),
        await stats(id),
        await call('GET', `/api/follow/followers/${id}`, me.token),
        await call('GET', `/api/follow/following/${id}`, me.token),
      ]) {
        expectError(res, 404, messages.user_not_found, 'user_not_found');
      }
    }
    // Nothing new was written for the unknown or the blocked user.
    expect(await graphOf(me.user.id)).toMatchObject({ followingRows: 1 });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const me = await quickUser(t);
    const res = await follow('not-a-uuid', me.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'user_not_found' });
  });

  it('401 without a token, 403 for a blocked caller, where the call needs a user', async () => {
    const target = await quickUser(t);
    const blockedCaller = await quickUser(t);
    await blockUser(t, blockedCaller.user.id);
    const paths: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', `/api/follow/check/${target.user.id}`],
      ['POST', `/api/follow/follow/${target.user.id}`],
      ['DELETE', `/api/follow/unfollow/${target.user.id}`],
      ['GET', `/api/follow/followers/${target.user.id}`],
      ['GET', `/api/follow/following/${target.user.id}`],
      ['GET', '/api/follow/suggestions'],
    ];
    for (const [method, url] of paths) {
      expectError(await call(method, url), 401, messages.not_signed_in, 'not_signed_in');
      expectError(
        await call(method, url, blockedCaller.token),
        403,
        messages.account_blocked,
        'account_blocked',
      );
    }
    expect(await graphOf(target.user.id)).toMatchObject({ followersCount: 0, followerRows: 0 });
  });

  it('counts exactly when 30 people follow one person at once', async () => {
    const star = await quickUser(t);
    const fans = await Promise.all(Array.from({ length: 30 }, () => quickUser(t)));
    const results = await Promise.all(fans.map((f) => follow(star.user.id, f.token)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await graphOf(star.user.id)).toEqual({
      followersCount: 30,
      followerRows: 30,
      followingCount: 0,
      followingRows: 0,
    });
    expect((await stats(star.user.id)).json()).toMatchObject({ followersCount: 30 });
    await expectConsistent(fans.map((f) => f.user.id));
  });

  it('stays consistent when one person fires follow and unfollow at once', async () => {
    const me = await quickUser(t);
    const them = await quickUser(t);
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? follow(them.user.id, me.token) : unfollow(them.user.id, me.token),
    );
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(200);
    await expectConsistent([me.user.id, them.user.id]);
    const g = await graphOf(them.user.id);
    expect([0, 1]).toContain(g.followerRows);
    // However the calls interleaved, they were told once.
    const [told] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, them.user.id), eq(notifications.kind, 'follow')));
    expect(told?.n).toBe(1);
    // And the check agrees with the rows.
    expect((await check(them.user.id, me.token)).json()).toEqual({
      success: true,
      isFollowing: g.followerRows === 1,
    });
  });

  it('survives people following each other at the same moment (no deadlock)', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => [await quickUser(t), await quickUser(t)] as const),
    );
    const results = await Promise.all(
      pairs.flatMap(([a, b]) => [follow(b.user.id, a.token), follow(a.user.id, b.token)]),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const ids = pairs.flatMap(([a, b]) => [a.user.id, b.user.id]);
    const [edges] = await t.database.db
      .select({ n: count() })
      .from(follows)
      .where(and(inArray(follows.followerId, ids), inArray(follows.followeeId, ids)));
    expect(edges?.n).toBe(20);
    for (const id of ids) {
      expect(await graphOf(id)).toEqual({
        followersCount: 1,
        followerRows: 1,
        followingCount: 1,
        followingRows: 1,
      });
    }
  });
});
