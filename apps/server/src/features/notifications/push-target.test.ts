import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { notifications, pushSubscriptions } from '../../db/schema/index.js';
import { bossQueue } from '../../jobs/queue.js';
import { bearer, newUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { sendPush } from './push.js';
import type { PushPolicy } from '../../push-policy.js';
import { isPrivateAddress, postPush } from './push-target.js';
import { createNotificationService } from './service.js';

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
};

/** A push service on loopback that records the paths asked and answers per path. */
async function localService(answer: (path: string) => { status: number; location?: string }) {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      const { status, location } = answer(req.url ?? '');
      res.writeHead(status, location ? { location } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('where Web Push may go', () => {
  let service: Awaited<ReturnType<typeof localService>>;
  beforeAll(async () => {
    service = await localService((path) =>
      path === '/push/moved'
        ? { status: 307, location: `http://127.0.0.1:${service.port}/push/elsewhere` }
        : { status: 201 },
    );
  });
  afterAll(() => service.close());

  const message = { headers: { ttl: '60' }, body: new Uint8Array([1, 2, 3]) };

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['142.250.183.10', false],
    ['2607:f8b0:4004:c1b::5f', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses, when connecting, a host that resolves to a private address', async () => {
    const policy: PushPolicy = {
      allowedHosts: ['localhost'],
      allowHttp: true,
      allowPrivate: false,
    };
    await expect(
      postPush(`http://localhost:${service.port}/push/x`, message, policy, 5000),
    ).rejects.toThrow(/private address/);
    await expect(
      postPush(`http://127.0.0.1:${service.port}/push/x`, message, policy, 5000),
    ).rejects.toThrow(/not allowed/);
    expect(service.paths).toEqual([]);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const policy: PushPolicy = { allowedHosts: ['127.0.0.1'], allowHttp: true, allowPrivate: true };
    const status = await postPush(
      `http://127.0.0.1:${service.port}/push/moved`,
      message,
      policy,
      5000,
    );
    expect(status).toBe(307);
    expect(service.paths).toEqual(['/push/moved']);
  });
});

describe('Web Push subscriptions and sending', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof localService>>;
  beforeAll(async () => {
    service = await localService(() => ({ status: 201 }));
    t = await startTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('refuses with 400 a subscription to a host that is not a push service', async () => {
    const u = await newUser(t);
    const keys = browserKeys();
    const subscribe = (endpoint: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscribe',
        headers: bearer(u.token),
        payload: { endpoint, keys },
      });
    for (const endpoint of [
      'https://127.0.0.1:9443/push/x',
      'https://[::1]/push/x',
      'https://evil.example.com/push/x',
      'https://fcm.googleapis.com.evil.example/push/x',
      'https://push.services.mozilla.com.evil.example/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({ code: 'push_subscription_invalid' });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-pn1p.notify.windows.com/w/?token=abc',
    ]) {
      expect((await subscribe(endpoint)).statusCode, endpoint).toBe(200);
    }
  });

  it('sends nothing to a stored endpoint whose host now resolves to a private address', async () => {
    const u = await newUser(t);
    // Stored before its name pointed inside (DNS rebinding), or by an older version.
    await t.database.db.insert(pushSubscriptions).values({
      endpoint: `http://localhost:${service.port}/push/rebound`,
      userId: u.user.id,
      ...browserKeys(),
    });
    const notifier = createNotificationService({
      db: t.database.db,
      hub: t.hub,
      jobs: bossQueue(t.jobs.boss),
      log: pino({ level: 'silent' }),
    });
    await notifier.notify({ userId: u.user.id, kind: 'verification', notice: 'driver_verified' });
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, u.user.id));
    expect(notification).toBeDefined();
    await sendPush(
      {
        db: t.database.db,
        log: pino({ level: 'silent' }),
        subject: 'mailto:test@saathi.test',
        policy: { allowedHosts: ['localhost'], allowHttp: true, allowPrivate: false },
      },
      u.user.id,
      notification?.id ?? '',
    );
    expect(service.paths).toEqual([]);
    // Not deleted: the push service never said the endpoint was gone.
    const kept = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, u.user.id));
    expect(kept).toHaveLength(1);
  });
});
