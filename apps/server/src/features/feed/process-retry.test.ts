import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '@saathi/contract';
import { multipartFiles } from '../../../test/feed-factories.js';
import { pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  filesUnder,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { until } from '../../../test/until.js';

let t: TestApp;
let driver: TestUser;
let failures = 0;

beforeAll(async () => {
  // The first processed image cannot be written, as if the disk filled or the worker died
  // while saving: the job must be retried and the post must never point at a missing file.
  t = await startTestApp({
    workers: true,
    wrapStorage: (storage) => ({
      ...storage,
      async put(key, body, contentType) {
        if (key.startsWith('public/posts/') && failures === 0) {
          failures += 1;
          body.resume();
          throw new Error('ENOSPC: no space left on device');
        }
        return storage.put(key, body, contentType);
      },
    }),
  });
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
});
afterAll(() => t.close());

it('retries a job that failed half-way and only then shows the post', async () => {
  const body = await multipartFiles({ location: 'Surat, Gujarat' }, [
    { field: 'images', data: pngImage(80, 60), filename: 'a.png', type: 'image/png' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/video/new',
    headers: { ...bearer(driver.token), ...body.headers },
    payload: body.payload,
  });
  const id = (res.json() as { product: Product }).product._id;

  let sawProcessingAfterFailure = false;
  const seen = await until('the retried post to be ready', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/mine',
      headers: bearer(driver.token),
    });
    const post = (mine.json() as { products: Product[] }).products.find((p) => p._id === id);
    if (failures > 0 && post?.status === 'processing') sawProcessingAfterFailure = true;
    return post?.status === 'ready' ? post : undefined;
  });
  expect(failures).toBe(1);
  expect(sawProcessingAfterFailure).toBe(true);
  const url = seen.images[0]?.url ?? '';
  expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  await expect
    .poll(() => filesUnder(join(t.dataDir, 'storage', 'uploads')), { timeout: 10_000 })
    .toEqual([]);
});
