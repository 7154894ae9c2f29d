import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminStreamPath, notificationStreamPath, voiceStreamPath } from '@saathi/contract';
import { revokeUserSessions, startSession } from '../auth/sessions.js';
import { users } from '../db/schema/index.js';
import type { StreamTiming } from '../realtime/stream-guard.js';
import { bearer, newUser, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { startPeerApp, type PeerApp } from '../../test/peer-app.js';
import { openSse, type SseClient } from '../../test/sse-client.js';

const cookie = (token: string) => ({ cookie: `Token=${token}` });
const linkPattern = /\/reset-password\/([A-Za-z0-9_-]+)/;

/** Issue 11 finding 2: a live stream lasts only as long as the right to it. */
async function listening(timing?: StreamTiming) {
  const t = await startTestApp({ streamTiming: timing });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const clients: SseClient[] = [];
  const open = async (path: string, token: string, from = origin) => {
    const client = await openSse(`${from}${path}`, cookie(token));
    expect(client.response.status).toBe(200);
    clients.push(client);
    return client;
  };
  const close = async () => {
    for (const c of clients) c.close();
    await t.close();
  };
  return { t, origin, open, close };
}

/** Fails unless the server ends the stream within `ms`. */
async function endsWithin(stream: SseClient, ms: number) {
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
  expect(ended, `stream still open after ${ms} ms; seen ${JSON.stringify(stream.seen)}`).toBe(true);
}

/** Fails if the server ends the stream within `ms`. */
async function staysOpen(stream: SseClient, ms: number) {
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
  expect(ended, 'stream ended').toBe(false);
}

/** A second session of the same account, as a second phone would hold. */
async function secondSession(t: TestApp, u: TestUser): Promise<string> {
  return (await startSession(t.database.db, t.config.jwtSecret, u.user.id)).token;
}

describe('revocation ends live streams at once', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  let peer: PeerApp | undefined;
  beforeAll(async () => {
    s = await listening();
  });
  afterAll(async () => {
    await peer?.close();
    await s.close();
  });

  const ok = async (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A follow: a notification the account's remaining streams must still receive. */
  const followed = async (whom: TestUser) => {
    const fan = await newUser(s.t, { name: 'Fan Farida' });
    await ok(
      await s.t.app.inject({
        method: 'POST',
        url: `/api/follow/follow/${whom.user.id}`,
        headers: bearer(fan.token),
      }),
    );
  };

  it("logout ends that session's streams; the account's other session listens on", async () => {
    const me = await newUser(s.t);
    const otherPhone = await secondSession(s.t, me);
    const notifications = await s.open(notificationStreamPath, me.token);
    await notifications.next('count');
    const voice = await s.open(voiceStreamPath, me.token);
    const elsewhere = await s.open(notificationStreamPath, otherPhone);
    await elsewhere.next('count');

    await ok(
      await s.t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(me.token) }),
    );
    await endsWithin(notifications, 5_000);
    await endsWithin(voice, 5_000);

    await followed(me);
    await elsewhere.next('notification');
    // A revocation is not a block: nothing tells the phone it is blocked.
    expect(notifications.seen.map((e) => e.event)).not.toContain('account_blocked');
  });

  it('a password reset ends the streams of every session of the account', async () => {
    const me = await newUser(s.t);
    const streams = [
      await s.open(notificationStreamPath, me.token),
      await s.open(notificationStreamPath, await secondSession(s.t, me)),
    ];
    for (const stream of streams) await stream.next('count');

    const sent = s.t.outbox.length;
    await ok(
      await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/password/forgot',
        payload: { email: me.user.phone },
      }),
    );
    await vi.waitFor(() => expect(s.t.outbox.length).toBeGreaterThan(sent));
    const token = linkPattern.exec(s.t.outbox.at(-1)?.text ?? '')?.[1];
    await ok(
      await s.t.app.inject({
        method: 'PUT',
        url: `/api/v1/password/reset/${token}`,
        payload: { password: 'a-new-secret-1', confirmPassword: 'a-new-secret-1' },
      }),
    );
    for (const stream of streams) await endsWithin(stream, 5_000);
  });

  it("demotion ends the former admin's console stream; their own notifications go on", async () => {
    const boss = await newUser(s.t, { usertype: 'admin', name: 'Boss Bhavna' });
    const former = await newUser(s.t, { usertype: 'admin', name: 'Former Farhan' });
    const console = await s.open(adminStreamPath, former.token);
    await console.next('counts');
    const own = await s.open(notificationStreamPath, former.token);
    await own.next('count');

    await ok(
      await s.t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${former.user.id}/demote`,
        headers: bearer(boss.token),
        payload: { reason: 'Left the team' },
      }),
    );
    await endsWithin(console, 5_000);
    await followed(former);
    await own.next('notification');

    const again = await openSse(`${s.origin}${adminStreamPath}`, cookie(former.token));
    expect(again.response.status).toBe(403);
  });

  it.runIf(Boolean(process.env.REDIS_URL))(
    'a logout through app A ends the stream held by app B (Redis)',
    async () => {
      peer = await startPeerApp(s.t);
      await peer.app.listen({ port: 0, host: '127.0.0.1' });
      const onB = `http://127.0.0.1:${(peer.app.server.address() as AddressInfo).port}`;
      const me = await newUser(s.t);
      const stream = await s.open(notificationStreamPath, me.token, onB);
      await stream.next('count');

      await ok(
        await s.t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(me.token) }),
      );
      await endsWithin(stream, 5_000);
    },
  );
});

describe('open streams check their session again while they last', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    s = await listening({ recheckMs: 200, maxLifeMs: 60_000 });
  });
  afterAll(() => s.close());

  it('a session revoked without any announcement ends its stream at the next check', async () => {
    const me = await newUser(s.t);
    const stream = await s.open(notificationStreamPath, me.token);
    await stream.next('count');
    await revokeUserSessions(s.t.database.db, me.user.id, 'logout');
    await endsWithin(stream, 3_000);
  });

  it('an admin role removed without any announcement ends the console stream', async () => {
    const admin = await newUser(s.t, { usertype: 'admin' });
    const console = await s.open(adminStreamPath, admin.token);
    await console.next('counts');
    const own = await s.open(notificationStreamPath, admin.token);
    await own.next('count');
    await s.t.database.db
      .update(users)
      .set({ usertype: 'user' })
      .where(eq(users.id, admin.user.id));
    await endsWithin(console, 3_000);
    await staysOpen(own, 600);
  });
});

describe('a stream has a maximum life', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    s = await listening({ recheckMs: 60_000, maxLifeMs: 800 });
  });
  afterAll(() => s.close());

  it('the server ends it, and the reconnecting client gets a fresh stream with its first state', async () => {
    const me = await newUser(s.t);
    const opened = Date.now();
    const stream = await s.open(notificationStreamPath, me.token);
    await stream.next('count');
    await endsWithin(stream, 10_000);
    // Not before nine tenths of its life (the spread that keeps clients from reconnecting together).
    expect(Date.now() - opened).toBeGreaterThanOrEqual(700);

    const reconnected = await s.open(notificationStreamPath, me.token);
    expect((await reconnected.next('count')).data).toEqual({ unreadCount: 0 });
  });
});
