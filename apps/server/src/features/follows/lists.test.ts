import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultProfileImage,
  messages,
  type PersonSummary,
  type Suggestion,
} from '@saathi/contract';
import { follows } from '../../db/schema/index.js';
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

type Side = 'followers' | 'following';
interface ListBody {
  success: true;
  followers?: { follower: PersonSummary }[];
  following?: { following: PersonSummary }[];
  nextCursor: string | null;
}

describe('GET /api/follow/followers/:userId and /following/:userId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const follow = async (who: TestUser, whom: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/follow/follow/${whom.user.id}`,
      headers: bearer(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const list = (side: Side, userId: string, token: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/follow/${side}/${userId}${query ? `?${query}` : ''}`,
      headers: bearer(token),
    });

  /** Every person on every page, following nextCursor until it is null. */
  async function walk(side: Side, userId: string, token: string, limit: number) {
    const seen: PersonSummary[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await list(side, userId, token, query);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ListBody;
      expect(Object.keys(body).sort()).toEqual(['nextCursor', 'success', side].sort());
      const rows = side === 'followers' ? (body.followers ?? []) : (body.following ?? []);
      expect(rows.length).toBeLessThanOrEqual(limit);
      for (const row of rows) {
        const person = 'follower' in row ? row.follower : row.following;
        expect(Object.keys(row)).toEqual([side === 'followers' ? 'follower' : 'following']);
        expect(Object.keys(person).sort()).toEqual(['_id', 'name', 'profileImage', 'usertype']);
        seen.push(person);
      }
      cursor = body.nextCursor;
      if (cursor === null) return seen;
      expect(rows.length).toBe(limit);
    }
    throw new Error('the pages never ended');
  }

  it('pages followers newest first, each exactly once, with the public fields only', async () => {
    const star = await quickUser(t, { name: 'Star Driver' });
    const fans: TestUser[] = [];
    for (let i = 0; i < 7; i++) {
      const fan = await quickUser(t, { name: `Fan ${i}`, usertype: i % 2 ? 'driver' : 'user' });
      await follow(fan, star);
      fans.push(fan);
    }
    const newestFirst = [...fans].reverse().map((f) => f.user.id);
    const viewer = await quickUser(t);
    for (const limit of [1, 3, 7, 50]) {
      const people = await walk('followers', star.user.id, viewer.token, limit);
      expect(people.map((p) => p._id)).toEqual(newestFirst);
    }
    const [first] = await walk('followers', star.user.id, viewer.token, 50);
    expect(first).toEqual({
      _id: fans[6]?.user.id,
      name: 'Fan 6',
      usertype: 'user',
      profileImage: { url: defaultProfileImage },
    });
    // No phone number rides along.
    const res = await list('followers', star.user.id, viewer.token);
    for (const fan of fans) expect(res.body).not.toContain(fan.user.phone.slice(-10));
  });

  it('pages whom someone follows newest first, each exactly once', async () => {
    const reader = await quickUser(t);
    const idols: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const idol = await quickUser(t, { name: `Idol ${i}` });
      await follow(reader, idol);
      idols.push(idol);
    }
    const people = await walk('following', reader.user.id, reader.token, 2);
    expect(people.map((p) => p._id)).toEqual([...idols].reverse().map((i) => i.user.id));
    expect(people[0]?.name).toBe('Idol 4');
  });

  it('keeps every row exactly once when several follows share one timestamp', async () => {
    const star = await quickUser(t);
    const fans = await Promise.all(Array.from({ length: 6 }, () => quickUser(t)));
    const at = new Date('2025-01-01T10:00:00.123Z');
    await t.database.db
      .insert(follows)
      .values(
        fans.map((f) => ({ followerId: f.user.id, followeeId: star.user.id, createdAt: at })),
      );
    const people = await walk('followers', star.user.id, fans[0]?.token ?? '', 4);
    const ids = people.map((p) => p._id);
    expect(ids.length).toBe(6);
    expect(new Set(ids)).toEqual(new Set(fans.map((f) => f.user.id)));
    // Ties are ordered by id, newest-first order's stable tie-break.
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('hides blocked people from both lists', async () => {
    const star = await quickUser(t);
    const visible = await quickUser(t);
    const blocked = await quickUser(t);
    await follow(visible, star);
    await follow(blocked, star);
    await follow(star, blocked);
    await follow(star, visible);
    await blockUser(t, blocked.user.id);
    const followers = await walk('followers', star.user.id, visible.token, 10);
    expect(followers.map((p) => p._id)).toEqual([visible.user.id]);
    const following = await walk('following', star.user.id, visible.token, 10);
    expect(following.map((p) => p._id)).toEqual([visible.user.id]);
  });

  it('answers an empty list for someone nobody follows', async () => {
    const loner = await quickUser(t);
    const res = await list('followers', loner.user.id, loner.token);
    expect(res.json()).toEqual({ success: true, followers: [], nextCursor: null });
    const res2 = await list('following', loner.user.id, loner.token);
    expect(res2.json()).toEqual({ success: true, following: [], nextCursor: null });
  });

  it('refuses a forged cursor and a limit out of range with 400', async () => {
    const me = await quickUser(t);
    const forged = Buffer.from('yesterday|not-an-id').toString('base64url');
    expectError(
      await list('followers', me.user.id, me.token, `cursor=${forged}`),
      400,
      messages.cursor_invalid,
      'cursor_invalid',
    );
    for (const limit of ['0', '101', 'many']) {
      const res = await list('following', me.user.id, me.token, `limit=${limit}`);
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('GET /api/follow/suggestions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  let clock = Date.parse('2025-03-01T00:00:00Z');
  /** Users with increasing createdAt, so 'new members' have a known order. */
  const person = (name: string) => {
    clock += 60_000;
    return quickUser(t, { name, createdAt: new Date(clock) });
  };
  const edge = (a: TestUser, b: TestUser) =>
    t.database.db.insert(follows).values({ followerId: a.user.id, followeeId: b.user.id });
  const suggestionsFor = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/follow/suggestions',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: true; suggestions: Suggestion[] };
    expect(Object.keys(body).sort()).toEqual(['success', 'suggestions']);
    return body.suggestions;
  };

  it('ranks friends of friends, then active posters, then new members; never me, followed or blocked', async () => {
    const me = await person('Me');
    const [f1, f2, f3] = [await person('F1'), await person('F2'), await person('F3')];
    const [c1, c2, c3] = [await person('C1'), await person('C2'), await person('C3')];
    const blockedFriend = await person('Blocked Friend');
    const [p1, p2] = [await person('P1'), await person('P2')];
    const onlyRemoved = await person('Only Removed Posts');
    const blockedPoster = await person('Blocked Poster');
    const [n1, n2] = [await person('N1'), await person('N2')];
    if (!f1 || !f2 || !f3 || !c1 || !c2 || !c3) throw new Error('setup');

    for (const f of [f1, f2, f3]) await edge(me, f);
    // c1 is followed by three of the people I follow, c2 by two, c3 by one.
    for (const f of [f1, f2, f3]) await edge(f, c1);
    for (const f of [f1, f2]) await edge(f, c2);
    await edge(f1, c3);
    // f2 is followed by f1 but I follow f2 already; f1 follows me; a blocked account too.
    await edge(f1, f2);
    await edge(f1, me);
    for (const f of [f1, f2, f3]) await edge(f, blockedFriend);
    await blockUser(t, blockedFriend.user.id);
    // The counters are kept by the follow calls; these rows came in directly.
    await t.database.db.execute(
      sql`update users set followers_count = (select count(*) from follows where followee_id = users.id),
        following_count = (select count(*) from follows where follower_id = users.id)`,
    );

    for (let i = 0; i < 3; i++) await newPost(t, p1.user.id);
    await newPost(t, p2.user.id);
    await newPost(t, p2.user.id, { status: 'processing', videoKey: null });
    await newPost(t, onlyRemoved.user.id, { removedAt: new Date() });
    await newPost(t, onlyRemoved.user.id, { status: 'failed' });
    for (let i = 0; i < 5; i++) await newPost(t, blockedPoster.user.id);
    await blockUser(t, blockedPoster.user.id);
    // Posted long ago: not an active poster any more.
    await newPost(t, n1.user.id, { createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) });

    const list = await suggestionsFor(me.token);
    const names = list.map((s) => `${s.reason}:${s.name}`);
    expect(names).toEqual([
      'followed_by_people_you_follow:C1',
      'followed_by_people_you_follow:C2',
      'followed_by_people_you_follow:C3',
      'active:P1',
      'active:P2',
      'new:N2',
      'new:N1',
      'new:Only Removed Posts',
    ]);
    expect(list[0]).toEqual({
      _id: c1.user.id,
      name: 'C1',
      usertype: 'user',
      profileImage: { url: defaultProfileImage },
      followersCount: 3,
      followingCount: 0,
      reason: 'followed_by_people_you_follow',
    });
    expect(list[5]?._id).toBe(n2.user.id);
    const ids = list.map((s) => s._id);
    for (const never of [me, f1, f2, f3, blockedFriend, blockedPoster]) {
      expect(ids).not.toContain(never.user.id);
    }
    expect(JSON.stringify(list)).not.toContain(me.user.phone.slice(-10));

    // Following a suggestion removes it at once.
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/follow/follow/${c2.user.id}`,
      headers: bearer(me.token),
    });
    expect(followed.statusCode).toBe(200);
    const after = await suggestionsFor(me.token);
    expect(after.map((s) => s._id)).not.toContain(c2.user.id);
  });

  it('offers new members to someone who follows nobody, never themselves', async () => {
    const fresh = await person('Brand New');
    const list = await suggestionsFor(fresh.token);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(20);
    expect(list.map((s) => s._id)).not.toContain(fresh.user.id);
    expect(list.some((s) => s.reason === 'followed_by_people_you_follow')).toBe(false);
  });
});
