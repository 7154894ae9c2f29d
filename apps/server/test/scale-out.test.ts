import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationEvent,
  notificationStreamPath,
  type AuthResponse,
  type Product,
} from '@saathi/contract';
import { pngImage } from './fixtures.js';
import { multipart } from './harness.js';
import { openSse } from './sse-client.js';
import { until } from './until.js';

const url = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const serverDir = join(import.meta.dirname, '..');

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
}

function start(script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

const waitHealthy = (base: string) =>
  until(
    `${base} to be healthy`,
    async () => {
      try {
        return (await fetch(`${base}/api/health`)).ok || undefined;
      } catch {
        return undefined; // not listening yet
      }
    },
    { ms: 120_000, every: 500 },
  );

/**
 * The design's scale-out claim, run for real: two API processes and a separate worker on
 * one PostgreSQL and Redis. An action on one API reaches a live client of the other, and an
 * upload taken by one is processed by the worker and served by the other.
 */
describe.runIf(url && redisUrl && process.env.TEST_DB === 'postgres')(
  'two API processes and a worker on PostgreSQL and Redis',
  () => {
    const name = `saathi_scale_${randomBytes(5).toString('hex')}`;
    const ports = [
      40000 + Math.floor(Math.random() * 10000),
      50000 + Math.floor(Math.random() * 10000),
    ];
    const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    const procs: Proc[] = [];
    let dataDir = '';

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const target = new URL(url ?? '');
      target.pathname = `/${name}`;
      dataDir = await mkdtemp(join(tmpdir(), 'saathi-scale-'));
      const env = {
        DATABASE_URL: target.toString(),
        REDIS_URL: redisUrl ?? '',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        RUN_WORKERS: 'false',
        // The demo accounts, not the community: its ffmpeg work and follows are not this test's.
        SEED_COMMUNITY: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web'),
      };
      // Both APIs start at once: migrations and the demo seed must not trip over each other.
      procs.push(start('src/main.ts', { ...env, PORT: String(ports[0]) }));
      procs.push(start('src/main.ts', { ...env, PORT: String(ports[1]) }));
      await Promise.all([waitHealthy(a), waitHealthy(b)]);
      procs.push(start('src/worker.ts', env));
    }, 180_000);

    afterAll(async () => {
      for (const p of procs) p.child.kill('SIGKILL');
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      await rm(dataDir, { recursive: true, force: true });
    });

    const login = async (base: string, number: string, password: string) => {
      const res = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number, password }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as AuthResponse;
    };

    it('carries live events and jobs across processes, and stops cleanly', async () => {
      const driver = await login(a, '9000000002', 'Driver@1234');
      const user = await login(b, '9000000003', 'User@1234');

      // The driver listens on API A; its first event says the stream has joined Redis.
      const stream = await openSse(`${a}${notificationStreamPath}`, {
        cookie: `Token=${driver.Token}`,
      });
      await stream.next('count', 15_000);

      // The user follows the driver through API B.
      const follow = await fetch(`${b}/api/follow/follow/${driver.user._id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.Token}` },
      });
      expect(follow.status).toBe(200);
      const heard = notificationEvent.parse((await stream.next('notification', 15_000)).data);
      expect(heard.notification.kind).toBe('follow');
      stream.close();

      // The driver posts through API B; the worker process makes it ready; API A serves it.
      const body = await multipart(
        { location: 'Vapi, Gujarat', caption: 'From another process' },
        { images: { data: pngImage(64, 48), filename: 'p.png', type: 'image/png' } },
      );
      const posted = await fetch(`${b}/api/v1/video/new`, {
        method: 'POST',
        headers: { authorization: `Bearer ${driver.Token}`, ...body.headers },
        body: new Uint8Array(body.payload),
      });
      expect(posted.status).toBe(200);
      const id = ((await posted.json()) as { product: Product }).product._id;
      const ready = await until('the post in the feed of the other API', async () => {
        const feed = (await (await fetch(`${a}/api/v1/video/all`)).json()) as {
          products: Product[];
        };
        return feed.products.find((p) => p._id === id);
      });
      expect(ready.images).toHaveLength(1);
      expect((await fetch(`${a}${ready.images[0]?.url ?? ''}`)).status).toBe(200);

      // SIGTERM: each process finishes its work and exits 0.
      for (const p of procs) p.child.kill('SIGTERM');
      expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0, 0]);
    }, 120_000);
  },
);
