import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultProfileImage,
  messages,
  profileResponse,
  type ProfileResponse,
} from '@saathi/contract';
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

describe('GET /api/v1/user/profile/:userId', () => {
  let t: TestApp;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    viewer = await quickUser(t);
  });
  afterAll(() => t.close());

  const profile = (userId: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/user/profile/${userId}`,
      headers: token ? bearer(token) : {},
    });

  async function profileOf(userId: string, token = viewer.token): Promise<ProfileResponse> {
    const res = await profile(userId, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProfileResponse;
    expect(Object.keys(body).sort()).toEqual(['profile', 'success']);
    expect(Object.keys(body.profile).sort()).toEqual([
      'followStats',
      'isFollowing',
      'user',
      'videos',
    ]);
    return profileResponse.parse(body);
  }

  /** The number in every form it could take: +91 and ten digits, or the ten digits alone. */
  const numberForms = (u: TestUser) => [u.user.phone, u.user.phone.slice(-10)];

  it('answers the header, counts, follow state and only ready, not removed videos', async () => {
    const owner = await quickUser(t, { name: 'Suresh Yadav', usertype: 'driver' });
    const older = await newPost(t, owner.user.id, {
      caption: 'Older one',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await newPost(t, owner.user.id, { caption: 'Newer one' });
    await newPost(t, owner.user.id, { status: 'processing', videoKey: null, posterKey: null });
    await newPost(t, owner.user.id, { status: 'failed' });
    await newPost(t, owner.user.id, { removedAt: new Date() });
    const fans = await Promise.all([quickUser(t), quickUser(t)]);
    const idol = await quickUser(t);
    for (const fan of fans) {
      await t.app.inject({
        method: 'POST',
        url: `/api/follow/follow/${owner.user.id}`,
        headers: bearer(fan.token),
      });
    }
    await t.app.inject({
      method: 'POST',
      url: `/api/follow/follow/${idol.user.id}`,
      headers: bearer(owner.token),
    });

    const body = await profileOf(owner.user.id, fans[0]?.token);
    expect(body.profile.user).toEqual({
      _id: owner.user.id,
      name: 'Suresh Yadav',
      usertype: 'driver',
      profileImage: { url: defaultProfileImage },
      createdAt: owner.user.createdAt.toISOString(),
    });
    expect(body.profile.followStats).toEqual({
      videosCount: 2,
      followersCount: 2,
      followingCount: 1,
    });
    expect(body.profile.isFollowing).toBe(true);
    expect(body.profile.videos.map((v) => v._id)).toEqual([newer.id, older.id]);
    for (const v of body.profile.videos) {
      expect(v.status).toBe('ready');
      expect(v.user._id).toBe(owner.user.id);
    }

    // Someone who does not follow: isFollowing false, the same counts.
    const stranger = await profileOf(owner.user.id, viewer.token);
    expect(stranger.profile.isFollowing).toBe(false);
    expect(stranger.profile.followStats.followersCount).toBe(2);
  });

  it('never shows the phone number unless the owner chose to show it', async () => {
    const hidden = await quickUser(t, { showNumber: false });
    await newPost(t, hidden.user.id);
    const res = await profile(hidden.user.id, viewer.token);
    expect(res.statusCode).toBe(200);
    for (const form of numberForms(hidden)) expect(res.body).not.toContain(form);
    expect(res.body).not.toMatch(/"number"|phone|password|argon/i);
    const body = res.json() as ProfileResponse;
    expect(Object.keys(body.profile.user).sort()).toEqual([
      '_id',
      'createdAt',
      'name',
      'profileImage',
      'usertype',
    ]);

    const shown = await quickUser(t, { showNumber: true });
    await newPost(t, shown.user.id);
    const shownBody = await profileOf(shown.user.id);
    expect(shownBody.profile.user.number).toBe(shown.user.phone);
    expect(shownBody.profile.videos[0]?.user.number).toBe(shown.user.phone);
  });

  it('answers an empty profile, also to its owner', async () => {
    const quiet = await quickUser(t);
    const body = await profileOf(quiet.user.id, quiet.token);
    expect(body.profile.videos).toEqual([]);
    expect(body.profile.followStats).toEqual({
      videosCount: 0,
      followersCount: 0,
      followingCount: 0,
    });
    expect(body.profile.isFollowing).toBe(false);
  });

  it('404 for an unknown or a blocked user', async () => {
    const blocked = await quickUser(t);
    await newPost(t, blocked.user.id);
    await blockUser(t, blocked.user.id);
    for (const id of [randomUUID(), blocked.user.id]) {
      expectError(await profile(id, viewer.token), 404, messages.user_not_found, 'user_not_found');
    }
  });

  it('401 anonymous, 403 for a blocked caller', async () => {
    const owner = await quickUser(t);
    expectError(await profile(owner.user.id), 401, messages.not_signed_in, 'not_signed_in');
    const blockedCaller = await quickUser(t);
    await blockUser(t, blockedCaller.user.id);
    expectError(
      await profile(owner.user.id, blockedCaller.token),
      403,
      messages.account_blocked,
      'account_blocked',
    );
  });
});
