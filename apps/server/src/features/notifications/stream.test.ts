import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvent, messages, notificationEvent, notificationStreamPath } from '@saathi/contract';
import { redisHub } from '../../realtime/hub.js';
import { newPost } from '../../../test/feed-factories.js';
import { quickUser } from '../../../test/feed-helpers.js';
import {
  bearer,
  blockUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { startPeerApp, type PeerApp } from '../../../test/peer-app.js';
import { openSse, type SseClient } from '../../../test/sse-client.js';

const cookie = (token: string) => ({ cookie: `Token=${token}` });

describe('GET /api/v1/notifications/stream (Server-Sent Events)', () => {
  let t: TestApp;
  let base: string;
  const clients: SseClient[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  const connect = async (headers: Record<string, string>, origin = base) => {
    const client = await openSse(`${origin}${notificationStreamPath}`, headers);
    clients.push(client);
    return client;
  };
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, u: TestUser) => {
    const res = await t.app.inject({ method, url, headers: bearer(u.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const follow = (who: TestUser, whom: TestUser) =>
    call('POST', `/api/follow/follow/${whom.user.id}`, who);

  it('streams the count at once, then each notification, then counts after read and read-all', async () => {
    const me = await quickUser(t);
    const early = await quickUser(t, { name: 'Early Fan' });
    await follow(early, me);

    const stream = await connect(cookie(me.token));
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    expect(countEvent.parse((await stream.next()).data)).toEqual({ unreadCount: 1 });

    const fan = await quickUser(t, { name: 'Live Fan' });
    await follow(fan, me);
    const first = notificationEvent.parse((await stream.next('notification')).data);
    expect(first.unreadCount).toBe(2);
    expect(first.notification).toMatchObject({
      kind: 'follow',
      actor: { _id: fan.user.id, name: 'Live Fan' },
      link: `/user/profile/${fan.user.id}`,
      read: false,
    });

    const post = await newPost(t, me.user.id);
    await call('PUT', `/api/v1/toggle/like/${post.id}`, fan);
    const liked = notificationEvent.parse((await stream.next('notification')).data);
    expect(liked).toMatchObject({
      unreadCount: 3,
      notification: { kind: 'like', post: { _id: post.id }, actor: { _id: fan.user.id } },
    });

    await call('PUT', `/api/v1/notifications/${first.notification._id}/read`, me);
    expect((await stream.next()).data).toEqual({ unreadCount: 2 });
    await call('PUT', '/api/v1/notifications/read-all', me);
    expect((await stream.next()).data).toEqual({ unreadCount: 0 });
    expect(stream.seen.map((e) => e.event)).toEqual([
      'count',
      'notification',
      'notification',
      'count',
      'count',
    ]);
    stream.close();
  });

  it('accepts the Authorization header as well as the cookie', async () => {
    const me = await quickUser(t);
    const stream = await connect(bearer(me.token));
    expect(stream.response.status).toBe(200);
    expect((await stream.next('count')).data).toEqual({ unreadCount: 0 });
    const fan = await quickUser(t);
    await follow(fan, me);
    expect(notificationEvent.parse((await stream.next()).data).unreadCount).toBe(1);
    stream.close();
  });

  it("never streams another user's notifications", async () => {
    const me = await quickUser(t);
    const other = await quickUser(t);
    const fan = await quickUser(t);
    const mine = await connect(cookie(me.token));
    const theirs = await connect(cookie(other.token));
    await mine.next('count');
    await theirs.next('count');
    await follow(fan, other);
    const got = notificationEvent.parse((await theirs.next('notification')).data);
    expect(got.notification.actor?._id).toBe(fan.user.id);
    await call('PUT', '/api/v1/notifications/read-all', other);
    expect((await theirs.next('count')).data).toEqual({ unreadCount: 0 });
    await mine.quiet(300);
    expect(mine.seen.map((e) => e.event)).toEqual(['count']);
    mine.close();
    theirs.close();
  });

  it('401 without a token or with a bad one, 403 for a blocked account', async () => {
    for (const headers of [{}, cookie('not-a-token'), bearer('not-a-token')]) {
      const res = await connect(headers);
      expect(res.response.status).toBe(401);
      expect(await res.response.json()).toMatchObject({ success: false });
    }
    const noToken = await connect({});
    expect(await noToken.response.json()).toMatchObject({
      success: false,
      code: 'not_signed_in',
      message: messages.not_signed_in,
    });
    const blocked = await quickUser(t);
    await blockUser(t, blocked.user.id);
    const res = await connect(cookie(blocked.token));
    expect(res.response.status).toBe(403);
    expect(await res.response.json()).toMatchObject({
      success: false,
      code: 'account_blocked',
      message: messages.account_blocked,
    });
  });

  describe('across processes (Redis)', () => {
    let peer: PeerApp | undefined;
    afterAll(async () => {
      await peer?.close();
    });

    it.runIf(Boolean(process.env.REDIS_URL))(
      'a follow made through app A reaches a stream held by app B on the same database',
      async () => {
        const started = await startPeerApp(t);
        peer = started;
        await started.app.listen({ port: 0, host: '127.0.0.1' });
        const peerBase = `http://127.0.0.1:${(started.app.server.address() as AddressInfo).port}`;
        const me = await quickUser(t);
        const onB = await connect(cookie(me.token), peerBase);
        expect(onB.response.status).toBe(200);
        expect((await onB.next('count')).data).toEqual({ unreadCount: 0 });

        const fan = await quickUser(t, { name: 'Fan On A' });
        await follow(fan, me); // through app A
        const event = notificationEvent.parse((await onB.next('notification')).data);
        expect(event).toMatchObject({
          unreadCount: 1,
          notification: { kind: 'follow', actor: { _id: fan.user.id, name: 'Fan On A' } },
        });

        // Read on B, heard on A.
        const onA = await connect(cookie(me.token));
        expect((await onA.next('count')).data).toEqual({ unreadCount: 1 });
        const read = await started.app.inject({
          method: 'PUT',
          url: '/api/v1/notifications/read-all',
          headers: bearer(me.token),
        });
        expect(read.statusCode).toBe(200);
        expect((await onA.next('count')).data).toEqual({ unreadCount: 0 });
        expect((await onB.next('count')).data).toEqual({ unreadCount: 0 });

        // Closing B with a stream still open ends that stream instead of hanging.
        await started.close();
        peer = undefined;
        onB.close();
        onA.close();
      },
    );
  });
});

describe('the Redis hub at shutdown', () => {
  it.runIf(Boolean(process.env.REDIS_URL))(
    'a listener leaving after the hub closed does not leave an unhandled rejection',
    async () => {
      const rejections: unknown[] = [];
      const onRejection = (reason: unknown) => rejections.push(reason);
      process.on('unhandledRejection', onRejection);
      try {
        const hub = await redisHub(process.env.REDIS_URL ?? '', `saathi-test-${randomUUID()}:`);
        const subscription = hub.subscribe('user:someone', () => undefined);
        await subscription.joined;
        await hub.close();
        subscription.leave();
        await new Promise((r) => setTimeout(r, 300));
      } finally {
        process.off('unhandledRejection', onRejection);
      }
      expect(rejections).toEqual([]);
    },
  );
});

describe('shutting down with streams open', () => {
  it('app.close() ends every open stream instead of waiting for the clients forever', async () => {
    const t = await startTestApp();
    const client = await (async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const me = await quickUser(t);
      return openSse(`${base}${notificationStreamPath}`, cookie(me.token));
    })();
    try {
      expect((await client.next('count')).data).toEqual({ unreadCount: 0 });
      const closed = await Promise.race([
        t.app.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
      ]);
      expect(closed).toBe('closed');
    } finally {
      client.close();
      await t.close();
    }
  });
});
