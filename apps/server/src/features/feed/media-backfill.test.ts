import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '@saathi/contract';
import { sendPost } from '../../../test/feed-factories.js';
import { ffmpeg, isFaststart, mediaDir } from '../../../test/fixtures-media.js';
import {
  bearer,
  filesUnder,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { until } from '../../../test/until.js';
import { hashPassword } from '../../auth/passwords.js';
import { openDatabase, openPglite, type Database } from '../../db/client.js';
import { posts, users } from '../../db/schema/index.js';
import { probeMedia } from '../../media/probe.js';
import { BACKFILL_MEDIA_QUEUE, queueMediaBackfill } from './media-backfill.js';

const serverDir = join(import.meta.dirname, '..', '..', '..');

let t: TestApp;
let driver: TestUser;
let media: Awaited<ReturnType<typeof mediaDir>>;
let clip: Buffer;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
  media = await mediaDir();
  const path = join(media.dir, 'clip.mp4');
  // A phone's portrait clip with sound.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-ac', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', path],
  ]);
  clip = await readFile(path);
});

afterAll(async () => {
  await t.close();
  await media.cleanup();
});

const mine = async (postId: string): Promise<Product | undefined> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/video/mine',
    headers: bearer(driver.token),
  });
  return (res.json() as { products: Product[] }).products.find((p) => p._id === postId);
};

/** A video post sent as a phone sends it, once the worker has made it ready. */
async function readyVideoPost(): Promise<Product> {
  const id = await sendPost(
    t,
    driver.token,
    [{ field: 'video', data: clip, filename: 'VID.mp4', type: 'video/mp4' }],
    { location: 'Vapi, Gujarat', caption: 'Toll plaza' },
  );
  return until(`post ${id} ready`, async () => {
    const post = await mine(id);
    return post?.status === 'ready' ? post : undefined;
  });
}

/** A served file, written out for ffprobe. */
async function fetched(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const path = join(media.dir, name);
  await writeFile(path, res.rawPayload);
  return path;
}

async function expectLowRendition(post: Product) {
  const [low, full] = post.video?.renditions ?? [];
  expect(low).toMatchObject({ width: 360, height: 640, kbps: 288 });
  expect(full).toMatchObject({ url: post.video?.url, width: 720, height: 1280, kbps: 1596 });
  const path = await fetched(low?.url ?? '', `${post._id}-low.mp4`);
  expect(await probeMedia(path)).toMatchObject({
    videoCodec: 'h264',
    audioCodec: 'aac',
    audioChannels: 1,
    width: 360,
    height: 640,
  });
  expect(isFaststart(await readFile(path))).toBe(true);
  const small = await t.app.inject({ method: 'GET', url: post.video?.posterSmallUrl ?? '' });
  expect(small.headers['content-type']).toBe('image/webp');
  expect(small.rawPayload.length).toBeLessThanOrEqual(25 * 1024);
  const meta = await sharp(small.rawPayload).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480);
}

describe('video renditions', () => {
  it('a new post is ready with its low rendition and small poster, presented lowest first', async () => {
    const post = await readyVideoPost();
    expect(post.video?.url).toBe(`/media/posts/${post._id}/video.mp4`);
    expect(post.video?.posterUrl).toBe(`/media/posts/${post._id}/poster.jpg`);
    expect(post.video?.renditions).toHaveLength(2);
    await expectLowRendition(post);
  });

  it('deleting a post removes its renditions and both posters', async () => {
    const post = await readyVideoPost();
    const dir = join(t.dataDir, 'storage', 'public', 'posts', post._id);
    const stored = (await filesUnder(dir)).filter((f) => !f.endsWith('.meta')).sort();
    expect(stored).toEqual(['poster-small.webp', 'poster.jpg', 'video-360.mp4', 'video.mp4']);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/product/${post._id}`,
      headers: bearer(driver.token),
    });
    expect(del.statusCode).toBe(200);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('an older post without them gets both from the backfill job', async () => {
    const post = await readyVideoPost();
    // As a post made before renditions existed: only the 720p file and the JPEG poster.
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post._id));
    const added = [row?.lowVideoKey, row?.posterSmallKey].filter((k) => typeof k === 'string');
    expect(added).toHaveLength(2);
    for (const key of added) await t.storage.delete(key);
    await t.database.db
      .update(posts)
      .set({
        lowVideoKey: null,
        lowWidth: null,
        lowHeight: null,
        lowKbps: null,
        posterSmallKey: null,
        videoKbps: null,
      })
      .where(eq(posts.id, post._id));
    const old = await mine(post._id);
    expect(old?.video?.renditions.map((r) => r.width)).toEqual([720]);
    expect(old?.video?.posterSmallUrl).toBe(old?.video?.posterUrl);

    expect(await queueMediaBackfill(t.jobs.boss, t.database.db)).toBe(1);

    const done = await until('the backfill', async () => {
      const p = await mine(post._id);
      return p?.video?.renditions.length === 2 && p.video.posterSmallUrl.endsWith('.webp')
        ? p
        : undefined;
    });
    await expectLowRendition(done);
    // Nothing left to do: the next start queues nothing.
    expect(await queueMediaBackfill(t.jobs.boss, t.database.db)).toBe(0);
  });
});

describe('npm run media:backfill', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'saathi-backfill-'));
    // What `npm run media:backfill` runs: the compiled script (built, or found current).
    await promisify(execFile)(process.execPath, [
      join(serverDir, '../../scripts/build.mjs'),
      'server',
    ]);
    // The script's embedded database starts as a copy of the run's migrated one, as the
    // test files' do: migrating a new one from nothing took seconds.
    const snapshot = new Blob([new Uint8Array(await readFile(inject('pgliteSnapshot')))]);
    const database = openPglite(join(dataDir, 'db'), snapshot);
    await database.executeSql('select 1');
    await database.close();
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Opens the script's database between runs (PGlite has one owner at a time). */
  async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = openDatabase({ dataDir });
    try {
      await database.migrate();
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  function backfill(): Promise<number | null> {
    const child = spawn(process.execPath, ['dist/scripts/backfill-media.js'], {
      cwd: serverDir,
      // Always the embedded database, whatever the test run points DATABASE_URL at.
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  it('queues one job per older video post, once however often it runs', async () => {
    const ids = { old: randomUUID(), done: randomUUID(), removed: randomUUID() };
    await withDb(async (d) => {
      const userId = randomUUID();
      await d.db.insert(users).values({
        id: userId,
        name: 'Ravi Kumar',
        phone: '+919876500011',
        passwordHash: await hashPassword('a long pass'),
        usertype: 'driver',
        verification: 'verified',
      });
      const video = (id: string) => ({
        id,
        userId,
        location: 'Surat',
        status: 'ready' as const,
        videoKey: `public/posts/${id}/video.mp4`,
        posterKey: `public/posts/${id}/poster.jpg`,
      });
      await d.db.insert(posts).values([
        video(ids.old),
        {
          ...video(ids.done),
          lowVideoKey: `public/posts/${ids.done}/video-360.mp4`,
          posterSmallKey: `public/posts/${ids.done}/poster-small.webp`,
        },
        { ...video(ids.removed), removedAt: new Date() },
      ]);
    });

    expect(await backfill()).toBe(0);
    expect(await backfill()).toBe(0);

    const jobs = await withDb((d) =>
      d.executeSql(`select data->>'postId' as post_id from pgboss.job where name = $1`, [
        BACKFILL_MEDIA_QUEUE,
      ]),
    );
    expect(jobs.rows).toEqual([{ post_id: ids.old }]);
    // Two cold starts of the script, each opening the embedded database from disk: over 90 s
    // on a busy 2-core machine when they still compiled the sources through tsx.
  }, 240_000);
});
