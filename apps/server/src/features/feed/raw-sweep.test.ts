import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { postImages } from '../../db/schema/index.js';
import { newPost } from '../../../test/feed-factories.js';
import {
  bearer,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { sweepFailedRawFiles } from './raw-sweep.js';

let t: TestApp;
let driver: TestUser;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp();
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
});
afterAll(() => t.close());

/** A post as the worker leaves it, with raw uploads in storage: a video and a photo. */
async function postWithRaw(status: 'failed' | 'processing', ageMs: number) {
  const id = randomUUID();
  const video = `uploads/posts/${id}/${randomUUID()}`;
  const image = `uploads/posts/${id}/${randomUUID()}`;
  for (const key of [video, image]) {
    await t.storage.put(
      key,
      Readable.from([Buffer.from('raw upload')]),
      'application/octet-stream',
    );
  }
  await newPost(t, driver.user.id, {
    id,
    status,
    rawVideoKey: video,
    videoKey: null,
    posterKey: null,
    readyAt: null,
    failureReason: status === 'failed' ? messages.processing_failed : null,
    createdAt: new Date(Date.now() - ageMs),
  });
  await t.database.db
    .insert(postImages)
    .values({ id: randomUUID(), postId: id, position: 0, rawKey: image });
  return { id, keys: [video, image] };
}

const stored = async (keys: string[]) =>
  (await Promise.all(keys.map((k) => t.storage.stat(k)))).filter((s) => s !== null).length;

const retry = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/video/${id}/retry`, headers: bearer(driver.token) });

it('deletes the raw uploads of posts failed over a day ago, and only those', async () => {
  const old = await postWithRaw('failed', 2 * DAY_MS);
  const recent = await postWithRaw('failed', 60 * 60 * 1000);
  const stillWorking = await postWithRaw('processing', 2 * DAY_MS);

  const swept = await sweepFailedRawFiles({
    db: t.database.db,
    storage: t.storage,
    log: pino({ level: 'silent' }),
  });

  expect(swept).toBe(1);
  expect(await stored(old.keys)).toBe(0);
  expect(await stored(recent.keys)).toBe(2);
  expect(await stored(stillWorking.keys)).toBe(2);
  const gone = await retry(old.id);
  expect(gone.statusCode).toBe(400);
  expect(gone.json()).toMatchObject({ message: messages.post_retry_gone });
  expect((await retry(recent.id)).statusCode).toBe(200);
});
