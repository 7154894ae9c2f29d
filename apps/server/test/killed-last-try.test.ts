import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages, type AdminSafetyCaution, type Product, type VoiceNote } from '@saathi/contract';
import type { Jobs } from '../src/jobs/start.js';
import { multipartFiles, sendPost } from './feed-factories.js';
import { pngImage } from './fixtures.js';
import { ffmpeg, mediaDir } from './fixtures-media.js';
import {
  bearer,
  filesUnder,
  multipart,
  newUser,
  startTestApp,
  startWorkerBeside,
  type TestApp,
  type TestUser,
} from './harness.js';
import { until } from './until.js';

// A worker killed on a job's last try never reaches the handler's last-attempt branch: pg-boss
// expires the job once its lease runs out and moves it to the queue's dead letter. Each kind of
// media work must then settle its row, or its owner would see 'processing' for ever.

let t: TestApp;
let worker: Jobs | undefined;
let driver: TestUser;
let admin: TestUser;
let clip: Buffer;
let webm: Buffer;

beforeAll(async () => {
  // No workers in the app: its jobs wait, as they do while the only worker is down.
  t = await startTestApp();
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
  admin = await newUser(t, { usertype: 'admin' });
  const media = await mediaDir();
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=30', '-t', '1'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(media.dir, 'clip.mp4')],
  ]);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1'],
    ...['-c:a', 'libopus', '-f', 'webm', join(media.dir, 'a.webm')],
  ]);
  clip = await readFile(join(media.dir, 'clip.mp4'));
  webm = await readFile(join(media.dir, 'a.webm'));
  await media.cleanup();
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function recordVoice(): Promise<string> {
  const body = await multipart(
    {},
    { voice: { data: webm, filename: 'voice.webm', type: 'audio/webm' } },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/voice/upload',
    headers: { ...bearer(driver.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: VoiceNote }>().data._id;
}

async function addCaution(): Promise<string> {
  const body = await multipartFiles({ note: 'Fog on the ghat road' }, [
    { field: 'image', data: pngImage(64, 64), filename: 'fog.png', type: 'image/png' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/safety',
    headers: { ...bearer(admin.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ caution: AdminSafetyCaution }>().caution._id;
}

const get = async <T>(url: string, token: string): Promise<T> =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<T>();

it('fails a post, a voice note and a safety caution whose worker was killed on the last try', async () => {
  const postId = await sendPost(t, driver.token, [
    { field: 'video', data: clip, filename: 'clip.mp4', type: 'video/mp4' },
  ]);
  const noteId = await recordVoice();
  const cautionId = await addCaution();
  // What the killed try had already written under the caution's public key.
  await t.storage.put(
    `public/safety/${cautionId}/image.png`,
    Readable.from([pngImage(8, 8)]),
    'image/png',
  );
  // Each job as a worker killed on its last try leaves it: taken ('active'), no retry left,
  // and its lease (the expiry the worker kept renewing) run out.
  const { rows } = await t.database.executeSql(
    `UPDATE pgboss.job SET state = 'active', retry_count = retry_limit,
       started_on = now() - expire_in - interval '1 minute'
     WHERE name IN ('post.process', 'voice.process', 'safety.process') AND state = 'created'
     RETURNING name`,
  );
  expect(rows.map((r) => r.name).sort()).toEqual([
    'post.process',
    'safety.process',
    'voice.process',
  ]);

  worker = await startWorkerBeside(t);
  // A maintenance round, as the worker's pg-boss runs one on its interval.
  await worker.boss.maintain();

  const post = await until('the post to fail', async () => {
    const { products } = await get<{ products: Product[] }>('/api/v1/video/mine', driver.token);
    const found = products.find((p) => p._id === postId);
    return found?.status === 'failed' ? found : undefined;
  });
  expect(post.failureReason).toBe(messages.processing_failed);

  const note = await until('the voice note to fail', async () => {
    const { notes } = await get<{ notes: VoiceNote[] }>('/api/voice/list', driver.token);
    const found = notes.find((n) => n._id === noteId);
    return found?.status === 'failed' ? found : undefined;
  });
  expect(note.failureReason).toBe(messages.voice_processing_failed);
  // The recording goes with its failed note (just after the row turns), as after a last try
  // that failed.
  await expect
    .poll(() => filesUnder(join(t.dataDir, 'storage', 'uploads', 'voice')), { timeout: 10_000 })
    .toEqual([]);

  const caution = await until('the caution to fail', async () => {
    const { cautions } = await get<{ cautions: AdminSafetyCaution[] }>(
      '/api/v1/admin/safety',
      admin.token,
    );
    const found = cautions.find((c) => c._id === cautionId);
    return found?.status === 'failed' ? found : undefined;
  });
  expect(caution.failureReason).toBe(messages.processing_failed);
  await expect
    .poll(() => filesUnder(join(t.dataDir, 'storage', 'public', 'safety')), { timeout: 10_000 })
    .toEqual([]);
});
