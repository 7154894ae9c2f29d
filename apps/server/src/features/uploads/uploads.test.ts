import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages, uploadLimits } from '@saathi/contract';
import pino from 'pino';
import { posts, uploads } from '../../db/schema/index.js';
import { mp4Bytes, quickUser } from '../../../test/feed-helpers.js';
import { fakeImage, pngImage } from '../../../test/fixtures.js';
import { bearer, filesUnder, startTestApp, type TestApp } from '../../../test/harness.js';
import {
  newUpload,
  tusCreate,
  tusDelete,
  tusHead,
  tusPatch,
  uploaded,
  uploadIdOf,
} from '../../../test/tus-client.js';
import { expireUploads } from './expiry-job.js';
import { openUploadStore } from './store.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tusFiles = () => filesUnder(join(t.dataDir, 'uploads-tus'));
const rowOf = async (id: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const postCount = async (userId: string) =>
  (await t.database.db.select().from(posts).where(eq(posts.userId, userId))).length;
const attachVideo = (token: string, videoUploadId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/video/new',
    headers: bearer(token),
    payload: { location: 'Vapi, Gujarat', videoUploadId },
  });

describe('resumable uploads (tus)', () => {
  it('takes a file in two parts, resuming at the offset the server holds', async () => {
    const { token } = await quickUser(t);
    const video = mp4Bytes(300_000);
    const url = await newUpload(t, token, video.length);
    expect(url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);

    const first = await tusPatch(t, token, url, 0, video.subarray(0, 120_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('120000');
    // The phone lost the network: it asks where to go on.
    const head = await tusHead(t, token, url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('120000');
    expect(head.headers['upload-length']).toBe(String(video.length));
    expect(head.headers['cache-control']).toBe('no-store');
    expect((await rowOf(uploadIdOf(url)))?.completedAt).toBeNull();

    const rest = await tusPatch(t, token, url, 120_000, video.subarray(120_000));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(video.length));
    expect((await rowOf(uploadIdOf(url)))?.completedAt).toBeInstanceOf(Date);
  });

  it('refuses bytes at the wrong offset with 409, changing nothing', async () => {
    const { token } = await quickUser(t);
    const video = mp4Bytes(50_000);
    const url = await newUpload(t, token, video.length);
    await tusPatch(t, token, url, 0, video.subarray(0, 10_000));
    const wrong = await tusPatch(t, token, url, 5_000, video.subarray(5_000, 20_000));
    expect(wrong.statusCode).toBe(409);
    expect((await tusHead(t, token, url)).headers['upload-offset']).toBe('10000');
  });

  it('asks for a signed-in caller on every request', async () => {
    const { token } = await quickUser(t);
    const url = await newUpload(t, token, 5000);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '5000' },
    });
    expect(anonymous.statusCode).toBe(401);
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'tus-resumable': '1.0.0' } });
    expect(head.statusCode).toBe(401);
  });

  it("hides another account's upload: no resume, no cancel, no attaching it", async () => {
    const owner = await quickUser(t);
    const other = await quickUser(t);
    const video = mp4Bytes(20_000);
    const url = await newUpload(t, owner.token, video.length);
    await tusPatch(t, owner.token, url, 0, video.subarray(0, 8_000));

    expect((await tusHead(t, other.token, url)).statusCode).toBe(404);
    const patch = await tusPatch(t, other.token, url, 8_000, video.subarray(8_000));
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ code: 'upload_not_found' });
    expect((await tusDelete(t, other.token, url)).statusCode).toBe(404);

    // The owner finishes it; the other account still cannot post it.
    expect((await tusPatch(t, owner.token, url, 8_000, video.subarray(8_000))).statusCode).toBe(
      204,
    );
    const stolen = await attachVideo(other.token, uploadIdOf(url));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'upload_not_found' });
    expect(await postCount(other.user.id)).toBe(0);
    expect(await rowOf(uploadIdOf(url))).toBeDefined();
  });

  it('refuses a file over its limit when the upload is created (413)', async () => {
    const { token } = await quickUser(t);
    const video = await tusCreate(t, token, limits.postVideoMaxBytes + 1, 'video');
    expect(video.statusCode).toBe(413);
    expect(video.json()).toMatchObject({ code: 'video_too_large' });
    const voice = await tusCreate(t, token, limits.voiceMaxBytes + 1, 'voice');
    expect(voice.statusCode).toBe(413);
    expect(voice.json()).toMatchObject({ code: 'voice_too_large' });
    const unknown = await tusCreate(t, token, 1000, 'document');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'upload_purpose_invalid' });
    const rows = await t.database.db.select().from(uploads);
    expect(rows.filter((r) => r.size > limits.voiceMaxBytes)).toEqual([]);
  });

  it('refuses a lying file when its last byte arrives, and keeps nothing of it', async () => {
    const { user, token } = await quickUser(t);
    const before = await tusFiles();
    const lie = Buffer.concat([fakeImage, fakeImage]); // text, declared as a video
    const url = await newUpload(t, token, lie.length, 'video');
    expect((await tusPatch(t, token, url, 0, lie.subarray(0, 300))).statusCode).toBe(204);
    const last = await tusPatch(t, token, url, 300, lie.subarray(300));
    expect(last.statusCode).toBe(400);
    expect(JSON.parse(last.body)).toMatchObject({
      code: 'video_type',
      message: messages.video_type,
    });
    expect(await rowOf(uploadIdOf(url))).toBeUndefined();
    expect(await tusFiles()).toEqual(before);
    expect((await tusHead(t, token, url)).statusCode).toBe(404);
    expect((await attachVideo(token, uploadIdOf(url))).statusCode).toBe(404);
    expect(await postCount(user.id)).toBe(0);
  });

  it('lets an account hold at most 5 unfinished uploads (429)', async () => {
    const { token } = await quickUser(t);
    const urls = [];
    for (let i = 0; i < uploadLimits.unfinishedMax; i += 1)
      urls.push(await newUpload(t, token, 5000));
    const sixth = await tusCreate(t, token, 5000);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'uploads_unfinished', params: { max: 5 } });
    // Cancelling one (tus termination) frees its place, and removes it on the server.
    const cancelled = urls[0] ?? '';
    expect((await tusDelete(t, token, cancelled)).statusCode).toBe(204);
    expect(await rowOf(uploadIdOf(cancelled))).toBeUndefined();
    expect((await tusHead(t, token, cancelled)).statusCode).toBe(404);
    expect((await tusCreate(t, token, 5000)).statusCode).toBe(201);
  });

  it('consumes a finished upload once: a second post with it is refused', async () => {
    const { user, token } = await quickUser(t);
    const id = await uploaded(t, token, mp4Bytes(10_000), 'video');
    const first = await attachVideo(token, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ product: { status: 'processing' } });
    expect(await rowOf(id)).toBeUndefined();
    const again = await attachVideo(token, id);
    expect(again.statusCode).toBe(404);
    expect(await postCount(user.id)).toBe(1);
  });

  it('refuses an upload of another purpose, or one still arriving', async () => {
    const { token } = await quickUser(t);
    const image = await uploaded(t, token, pngImage(), 'image');
    expect((await attachVideo(token, image)).statusCode).toBe(404);
    const arriving = await newUpload(t, token, 10_000);
    const res = await attachVideo(token, uploadIdOf(arriving));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'upload_not_finished' });
    // The image is still the author's to post, with a caption and no video.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/new',
      headers: bearer(token),
      payload: { location: 'Surat', caption: 'Highway', imageUploadIds: [image] },
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ product: { caption: 'Highway' } });
  });

  it('removes uploads a day old, finished or not, with their files', async () => {
    const { token } = await quickUser(t);
    const video = mp4Bytes(20_000);
    const stale = await newUpload(t, token, video.length);
    await tusPatch(t, token, stale, 0, video.subarray(0, 5_000));
    const staleDone = await uploaded(t, token, mp4Bytes(6_000), 'video');
    const fresh = await newUpload(t, token, video.length);
    const staleIds = [uploadIdOf(stale), staleDone];
    await t.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(
        sql`${uploads.id} in (${sql.join(
          staleIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const filesBefore = await tusFiles();
    expect(filesBefore.some((f) => f.startsWith(staleDone))).toBe(true);

    await expireUploads(t.database.db, await openUploadStore(t.config), pino({ level: 'silent' }));

    for (const id of staleIds) expect(await rowOf(id)).toBeUndefined();
    const filesAfter = await tusFiles();
    for (const id of staleIds) expect(filesAfter.some((f) => f.startsWith(id))).toBe(false);
    expect(filesAfter.some((f) => f.startsWith(uploadIdOf(fresh)))).toBe(true);
    expect(await rowOf(uploadIdOf(fresh))).toBeDefined();
    expect((await tusHead(t, token, stale)).statusCode).toBe(404);
  });
});
