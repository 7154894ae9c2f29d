import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, notificationNotices, notificationTitles } from '@saathi/contract';
import pino from 'pino';
import { pushSubscriptions } from '../../db/schema/index.js';
import { bossQueue } from '../../jobs/queue.js';
import { createNotificationService } from './service.js';
import { expectError } from '../../../test/auth.js';
import { quickUser } from '../../../test/feed-helpers.js';
import {
  bearer,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { startPeerApp } from '../../../test/peer-app.js';
import { until } from '../../../test/until.js';

/** A browser's push keys: a P-256 key pair (p256dh) and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
  };
}

/**
 * Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) as the browser would. Proves the
 * server encrypted for exactly this subscription's keys.
 */
function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on localhost: records every request, answers per path. */
async function fakePushService(statusFor: (path: string) => number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.statusCode = statusFor(req.url ?? '');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Web Push: key, subscribe, unsubscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A made-up push service name (it does not resolve), allowed by configuration.
    t = await startTestApp({ env: { PUSH_ALLOWED_HOSTS: 'push.example.test' } });
  });
  afterAll(() => t.close());

  const subscriptionsOf = (u: TestUser) =>
    t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.user.id));
  const subscribe = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscribe',
      headers: token ? bearer(token) : {},
      payload,
    });
  const unsubscribe = (token: string | undefined, endpoint: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscribe',
      headers: token ? bearer(token) : {},
      payload: { endpoint },
    });

  it('GET /api/v1/push/key is public and the same on every call and in every process', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/push/key' });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as { success: true; publicKey: string };
    expect(Object.keys(body).sort()).toEqual(['publicKey', 'success']);
    // An uncompressed P-256 point: 65 bytes starting with 0x04, base64url.
    const key = Buffer.from(body.publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const me = await quickUser(t);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/push/key',
      headers: bearer(me.token),
    });
    expect(again.json()).toEqual(body);

    const peer = await startPeerApp(t);
    try {
      const fromPeer = await peer.app.inject({ method: 'GET', url: '/api/v1/push/key' });
      expect(fromPeer.json()).toEqual(body);
    } finally {
      await peer.close();
    }
  });

  it('two fresh processes asking at once agree on one key', async () => {
    const fresh = await startTestApp();
    const peer = await startPeerApp(fresh);
    try {
      const keys = await Promise.all(
        [fresh.app, peer.app, fresh.app, peer.app].map(async (app) => {
          const res = await app.inject({ method: 'GET', url: '/api/v1/push/key' });
          expect(res.statusCode, res.body).toBe(200);
          return (res.json() as { publicKey: string }).publicKey;
        }),
      );
      expect(new Set(keys).size).toBe(1);
    } finally {
      await peer.close();
      await fresh.close();
    }
  });

  it('stores a valid subscription and refuses a bad body with 400', async () => {
    const me = await quickUser(t);
    const { keys } = browserKeys();
    const endpoint = 'https://push.example.test/send/abc123';
    const res = await subscribe(me.token, { endpoint, keys, lang: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await subscriptionsOf(me)).toMatchObject([
      { endpoint, userId: me.user.id, p256dh: keys.p256dh, auth: keys.auth, lang: 'hi' },
    ]);
    // Subscribing again (keys renewed) updates the one row.
    const renewed = browserKeys().keys;
    await subscribe(me.token, { endpoint, keys: renewed });
    expect(await subscriptionsOf(me)).toMatchObject([{ endpoint, p256dh: renewed.p256dh }]);

    expectError(
      await subscribe(me.token, { endpoint: 'not a url', keys }),
      400,
      messages.push_subscription_invalid,
      'push_subscription_invalid',
    );
    // Keys no browser makes: not a P-256 point, a secret that is not 16 bytes.
    for (const badKeys of [
      { p256dh: 'abc', auth: keys.auth },
      { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: keys.auth },
      { p256dh: keys.p256dh, auth: randomBytes(8).toString('base64url') },
    ]) {
      expectError(
        await subscribe(me.token, { endpoint: 'https://push.example.test/y', keys: badKeys }),
        400,
        messages.push_subscription_invalid,
        'push_subscription_invalid',
      );
    }
    for (const bad of [
      { endpoint: 'https://push.example.test/x' },
      { endpoint: 'https://push.example.test/x', keys: { p256dh: '', auth: keys.auth } },
      { endpoint: 'https://push.example.test/x', keys, lang: 'fr' },
      { endpoint: `https://push.example.test/${'x'.repeat(2100)}`, keys },
    ]) {
      const refused = await subscribe(me.token, bad);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect(await subscriptionsOf(me)).toHaveLength(1);
    expectError(
      await subscribe(undefined, { endpoint, keys }),
      401,
      messages.not_signed_in,
      'not_signed_in',
    );
  });

  it("DELETE forgets the caller's own subscription only", async () => {
    const me = await quickUser(t);
    const other = await quickUser(t);
    const endpoint = 'https://push.example.test/send/mine';
    await subscribe(me.token, { endpoint, keys: browserKeys().keys });
    const foreign = await unsubscribe(other.token, endpoint);
    expect(foreign.statusCode).toBe(200);
    expect(await subscriptionsOf(me)).toHaveLength(1);
    expectError(await unsubscribe(undefined, endpoint), 401, messages.not_signed_in);
    const own = await unsubscribe(me.token, endpoint);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ success: true });
    expect(await subscriptionsOf(me)).toEqual([]);
  });
});

describe('Web Push delivery (workers)', () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof fakePushService>>;
  beforeAll(async () => {
    push = await fakePushService((path) => (path.startsWith('/push/gone') ? 410 : 201));
    // The fake push service listens on loopback: allowed here by configuration only.
    t = await startTestApp({
      workers: true,
      env: { PUSH_ALLOWED_HOSTS: '127.0.0.1', PUSH_ALLOW_PRIVATE: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  async function subscribeAt(
    user: TestUser,
    path: string,
    keys: ReturnType<typeof browserKeys>['keys'],
    lang: 'en' | 'hi',
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscribe',
      headers: bearer(user.token),
      payload: { endpoint: `${push.origin}${path}`, keys, lang },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('sends a VAPID-signed, aes128gcm-encrypted push, and forgets endpoints that are gone', async () => {
    const me = await quickUser(t);
    const live = browserKeys();
    const gone = browserKeys();
    await subscribeAt(me, '/push/abc', live.keys, 'en');
    await subscribeAt(me, '/push/gone', gone.keys, 'hi');
    // A row from before keys were checked: unusable, so it is dropped without stopping the rest.
    await t.database.db.insert(pushSubscriptions).values({
      endpoint: `${push.origin}/push/broken`,
      userId: me.user.id,
      p256dh: 'abc',
      auth: 'def',
    });
    const publicKey = (
      (await t.app.inject({ method: 'GET', url: '/api/v1/push/key' })).json() as {
        publicKey: string;
      }
    ).publicKey;

    const fan = await quickUser(t, { name: 'Pushy Fan' });
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/follow/follow/${me.user.id}`,
      headers: bearer(fan.token),
    });
    expect(followed.statusCode).toBe(200);

    const delivered = await until('the push to /push/abc', async () =>
      push.received.find((r) => r.path === '/push/abc'),
    );
    expect(delivered.method).toBe('POST');
    expect(delivered.headers.authorization).toMatch(
      new RegExp(`^vapid t=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+, k=${publicKey}$`),
    );
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(delivered.headers.ttl).toBeDefined();
    expect(delivered.body.length).toBeGreaterThan(100);
    expect(delivered.body.toString('latin1')).not.toContain('Pushy Fan');
    const payload = JSON.parse(decryptPush(delivered.body, live.ecdh, live.auth)) as Record<
      string,
      string
    >;
    expect(payload).toMatchObject({
      title: notificationTitles.en.follow.replace('{{name}}', 'Pushy Fan'),
      link: `/user/profile/${fan.user.id}`,
    });

    // The JWT names the push service's origin as its audience.
    const jwt = /t=([^,]+)/.exec(delivered.headers.authorization ?? '')?.[1] ?? '';
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
      aud: string;
      sub: string;
      exp: number;
    };
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe('mailto:test@saathi.test');

    // The push service said 410 Gone for the other endpoint: it is deleted, the live one kept.
    const goneAttempt = await until('the push to /push/gone', async () =>
      push.received.find((r) => r.path === '/push/gone'),
    );
    const hindi = JSON.parse(decryptPush(goneAttempt.body, gone.ecdh, gone.auth)) as {
      title: string;
    };
    expect(hindi.title).toBe(notificationTitles.hi.follow.replace('{{name}}', 'Pushy Fan'));
    await until('the gone subscription to be deleted', async () => {
      const rows = await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, me.user.id));
      return rows.length === 1 ? rows : undefined;
    });
    const [left] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, me.user.id));
    expect(left?.endpoint).toBe(`${push.origin}/push/abc`);
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/abc', '/push/gone']);
  });

  it("writes the team's notice in each browser's language, with the team's reason", async () => {
    const me = await quickUser(t);
    const english = browserKeys();
    const hindi = browserKeys();
    await subscribeAt(me, '/push/notice-en', english.keys, 'en');
    await subscribeAt(me, '/push/notice-hi', hindi.keys, 'hi');
    const notifier = createNotificationService({
      db: t.database.db,
      hub: t.hub,
      jobs: bossQueue(t.jobs.boss),
      log: pino({ level: 'silent' }),
    });
    await notifier.notify({
      userId: me.user.id,
      kind: 'verification',
      notice: 'driver_rejected',
      text: 'Licence photo is blurred',
    });
    const bodyAt = async (path: string, keys: typeof english) => {
      const got = await until(`the push to ${path}`, async () =>
        push.received.find((r) => r.path === path),
      );
      return (JSON.parse(decryptPush(got.body, keys.ecdh, keys.auth)) as { body: string }).body;
    };
    expect(await bodyAt('/push/notice-en', english)).toBe(
      'Your driver verification was rejected: Licence photo is blurred',
    );
    expect(await bodyAt('/push/notice-hi', hindi)).toBe(
      notificationNotices.hi.driver_rejected.replace('{{reason}}', 'Licence photo is blurred'),
    );
  });
});

describe('Web Push outside tests', () => {
  it('accepts only https push endpoints, so the server never posts to hosts a caller picks', async () => {
    const t = await startTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const u = await newUser(t);
      const { keys } = browserKeys();
      const send = (endpoint: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscribe',
          headers: bearer(u.token),
          payload: { endpoint, keys, lang: 'hi' },
        });
      expect((await send('http://127.0.0.1:9/push/x')).statusCode).toBe(400);
      expect((await send('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
