import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, HelpRequestView, Product, VoiceNote } from '@saathi/contract';
import {
  comments,
  follows,
  helpRequests,
  likes,
  notifications,
  posts,
  users,
  voiceNotes,
} from '../../db/schema/index.js';
import { expectAuthBody } from '../../../test/auth.js';
import { bearer, nextIp, startTestApp, type TestApp } from '../../../test/harness.js';
import { until } from '../../../test/until.js';
import { demoAccounts, seedDemo } from '../demo.js';
import { seedCommunity, seedCommunityInBackground, type CommunityDeps } from './seed-community.js';
import { communityDrivers, communityPassword, demoPosts, demoVoiceNotes } from './script.js';

const deps = (t: TestApp): CommunityDeps => ({
  app: t.app,
  db: t.database.db,
  jwtSecret: t.config.jwtSecret,
  log: pino({ level: 'silent' }),
});

/** Two short clips instead of eight: the same code, a shorter run for the suite. */
const short = { videos: 2, maxSeconds: 2 };

async function tableCounts(t: TestApp) {
  const tables = {
    users,
    posts,
    comments,
    likes,
    follows,
    notifications,
    voiceNotes,
    helpRequests,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await t.database.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function signIn(t: TestApp, number: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { number, password },
    remoteAddress: nextIp(),
  });
  return expectAuthBody(res).Token;
}

async function get<T>(t: TestApp, url: string, token?: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

const account = (usertype: 'admin' | 'driver') => {
  const found = demoAccounts.find((a) => a.usertype === usertype);
  if (!found) throw new Error(`no demo ${usertype}`);
  return found;
};

describe('demo community', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ workers: true });
  });
  afterAll(() => t.close());

  it('fills the feed through the real upload and processing, with its people and their talk', async () => {
    expect(await seedDemo(t.database.db, t.storage)).toBe(true);
    expect(await seedCommunity(deps(t), true, short)).toBe(true);

    const photos = demoPosts.filter((p) => !p.video);
    const clips = demoPosts.filter((p) => p.video).slice(0, short.videos);
    const { products } = await get<{ products: Product[] }>(t, '/api/v1/video/all?limit=30');
    expect(products).toHaveLength(photos.length + clips.length);
    for (const p of products) expect(p.status).toBe('ready');
    // Processed by the job: renditions and posters for clips, normalised images for photos.
    const videos = products.filter((p) => p.video);
    expect(videos).toHaveLength(clips.length);
    for (const v of videos) {
      expect(v.video?.renditions.length).toBeGreaterThanOrEqual(2);
      expect(v.video?.height).toBe(1280);
      expect(v.video?.duration).toBeLessThanOrEqual(short.maxSeconds + 0.5);
    }
    expect(products.filter((p) => p.images.length === 1)).toHaveLength(photos.length);
    expect(products.filter((p) => p.emergency).map((p) => p.caption)).toEqual(
      demoPosts.filter((p) => p.emergency).map((p) => p.caption),
    );
    expect(new Set(products.map((p) => p.user.name)).size).toBeGreaterThanOrEqual(5);

    // Likes and comments as the script has them.
    for (const script of [...photos, ...clips]) {
      const product = products.find((p) => p.caption === script.caption);
      expect(product?.likes, script.key).toBe(script.likedBy.length);
      expect(product?.commentsCount, script.key).toBe(script.comments.length);
    }
    const commented = products.find((p) => p.caption === photos[1]?.caption);
    const thread = await get<{ comments: { comment: string }[] }>(
      t,
      `/api/v1/video/${commented?._id}/comments`,
    );
    expect(thread.comments.map((c) => c.comment).sort()).toEqual(
      photos[1]?.comments.map((c) => c.text).sort(),
    );

    // The demo driver signs in as README.md says and finds followers and notifications.
    const driver = account('driver');
    const token = await signIn(t, driver.phone, driver.password);
    const me = products.find((p) => p.user.name === driver.name)?.user._id;
    const stats = await get<{ followersCount: number; followingCount: number }>(
      t,
      `/api/follow/stats/${me}`,
    );
    expect(stats).toMatchObject({ followersCount: 5, followingCount: 2 });
    const inbox = await get<{ notifications: AppNotification[] }>(
      t,
      '/api/v1/notifications',
      token,
    );
    expect(new Set(inbox.notifications.map((n) => n.kind))).toEqual(
      new Set(['follow', 'like', 'comment']),
    );

    // Community drivers sign in with the documented password.
    await signIn(t, communityDrivers.lakshmi.phone, communityPassword);

    // Voice Chat notes, processed like a phone's.
    const notes = await until('voice notes ready', async () => {
      const list = await get<{ notes: VoiceNote[] }>(t, '/api/voice/list', token);
      const ready = list.notes.filter((n) => n.status === 'ready');
      return ready.length === demoVoiceNotes.length ? ready : undefined;
    });
    for (const n of notes) expect(n.duration).toBeGreaterThan(2);

    // One open help request in the console.
    const admin = account('admin');
    const adminToken = await signIn(t, admin.phone, admin.password);
    const queue = await get<{ requests: HelpRequestView[] }>(
      t,
      '/api/v1/admin/help-requests?status=open',
      adminToken,
    );
    expect(queue.requests).toHaveLength(1);
    expect(queue.requests[0]?.user.name).toBe(communityDrivers.lakshmi.name);

    // A second start adds nothing, even one that believes the accounts are new.
    const before = await tableCounts(t);
    expect(await seedCommunity(deps(t), true, short)).toBe(false);
    expect(await seedDemo(t.database.db, t.storage)).toBe(false);
    expect(await tableCounts(t)).toEqual(before);
  }, 300_000);
});

describe('demo community, not wanted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is not made with SEED_DEMO=false, nor in a database that had users before', async () => {
    expect(t.config.seedDemo).toBe(false);
    expect(await seedCommunityInBackground(t.config.seedCommunity, deps(t), true, short)).toBe(
      false,
    );
    expect(await tableCounts(t)).toMatchObject({ users: 0, posts: 0 });

    await seedDemo(t.database.db, t.storage);
    // The accounts were there before this start: nothing is added to a used database.
    expect(await seedCommunityInBackground(true, deps(t), false, short)).toBe(false);
    expect(await tableCounts(t)).toMatchObject({ users: demoAccounts.length, posts: 0 });
  });
});

describe('demo community, stopped part-way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ workers: true });
  });
  afterAll(() => t.close());

  it('goes on at the next start where it stopped, adding nothing twice', async () => {
    const photosOnly = { videos: 0 };
    expect(await seedDemo(t.database.db, t.storage)).toBe(true);
    // The server stops while the first Voice Chat note is sent.
    const stopping = Object.create(t.app) as typeof t.app;
    stopping.inject = ((opts: { url: string }) =>
      opts.url === '/api/voice/upload'
        ? Promise.reject(new Error('server closed'))
        : t.app.inject(opts)) as typeof t.app.inject;
    await expect(seedCommunity({ ...deps(t), app: stopping }, true, photosOnly)).rejects.toThrow(
      'server closed',
    );
    const stopped = await tableCounts(t);
    expect(stopped).toMatchObject({ voiceNotes: 0, helpRequests: 0 });
    expect(stopped.posts).toBe(demoPosts.filter((p) => !p.video).length);

    // The next start did not create the accounts, yet finishes what the first one began.
    expect(await seedCommunity(deps(t), false, photosOnly)).toBe(true);
    const after = await tableCounts(t);
    expect(after).toMatchObject({
      users: stopped.users,
      posts: stopped.posts,
      follows: stopped.follows,
      voiceNotes: demoVoiceNotes.length,
      helpRequests: 1,
    });
    expect(await seedCommunity(deps(t), false, photosOnly)).toBe(false);
  });
});
