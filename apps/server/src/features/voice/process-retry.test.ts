import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VoiceNote } from '@saathi/contract';
import { memoryRateLimiter } from '../../auth/rate-limiter.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { ffmpeg, mediaDir } from '../../../test/fixtures-media.js';
import {
  bearer,
  filesUnder,
  multipart,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { until } from '../../../test/until.js';

let t: TestApp;
let media: Awaited<ReturnType<typeof mediaDir>>;
let webm: Buffer;
let failures = 0;
/** Uploads allowed per user here: the real hourly limit, made small so the test stays quick. */
const allowed = 3;

beforeAll(async () => {
  const limiter = memoryRateLimiter();
  // The playable file cannot be written the first time, as if the disk filled or the worker
  // died while saving: the job must be retried and the note must never point at a missing file.
  t = await startTestApp({
    workers: true,
    limiter: {
      ...limiter,
      hit: (key, limit, window) =>
        limiter.hit(key, key.startsWith('voice:') ? allowed : limit, window),
    },
    wrapStorage: (storage) => ({
      ...storage,
      async put(key, body, contentType) {
        if (key.startsWith('public/voice/') && failures === 0) {
          failures += 1;
          body.resume();
          throw new Error('ENOSPC: no space left on device');
        }
        return storage.put(key, body, contentType);
      },
    }),
  });
  media = await mediaDir();
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1'],
    ...['-c:a', 'libopus', '-f', 'webm', join(media.dir, 'a.webm')],
  ]);
  webm = await readFile(join(media.dir, 'a.webm'));
});
afterAll(async () => {
  await t.close();
  await media.cleanup();
});

async function upload(u: TestUser) {
  const body = await multipart(
    {},
    { voice: { data: webm, filename: 'voice.webm', type: 'audio/webm' } },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/voice/upload',
    headers: { ...bearer(u.token), ...body.headers },
    payload: body.payload,
  });
}

it('retries a job that failed half-way and only then shows the note as ready', async () => {
  const me = await quickUser(t);
  const id = ((await upload(me)).json() as { data: VoiceNote }).data._id;
  const seen = await until('the retried note to be ready', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/voice/list',
      headers: bearer(me.token),
    });
    const note = (res.json() as { notes: VoiceNote[] }).notes.find((n) => n._id === id);
    // Never a note that says ready without its file, nor a failure for a passing fault.
    expect(note?.status).not.toBe('failed');
    return note?.status === 'ready' ? note : undefined;
  });
  expect(failures).toBe(1);
  expect(seen).toMatchObject({ status: 'ready', url: `/media/voice/${id}.m4a` });
  expect(await filesUnder(join(t.dataDir, 'storage', 'public', 'voice'))).toContain(`${id}.m4a`);
  await expect
    .poll(() => filesUnder(join(t.dataDir, 'storage', 'uploads', 'voice', id)), { timeout: 10_000 })
    .toEqual([]);
});

it('limits uploads per user, not per app', async () => {
  const busy = await quickUser(t);
  for (let i = 0; i < allowed; i++) expect((await upload(busy)).statusCode).toBe(200);
  const refused = await upload(busy);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ code: 'voice_too_many' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await upload(await quickUser(t))).statusCode).toBe(200);
});
