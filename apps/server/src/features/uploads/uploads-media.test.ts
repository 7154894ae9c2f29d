import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, VoiceNote } from '@saathi/contract';
import { quickUser } from '../../../test/feed-helpers.js';
import { ffmpeg, mediaDir } from '../../../test/fixtures-media.js';
import { bearer, filesUnder, startTestApp, type TestApp } from '../../../test/harness.js';
import { newUpload, tusPatch, uploaded, uploadIdOf } from '../../../test/tus-client.js';
import { until } from '../../../test/until.js';

let t: TestApp;
let media: Awaited<ReturnType<typeof mediaDir>>;
let clip: Buffer;
let voice: Buffer;

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  media = await mediaDir();
  const clipPath = join(media.dir, 'clip.mp4');
  const voicePath = join(media.dir, 'note.webm');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4', clipPath],
  ]);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2'],
    ...['-ac', '1', '-c:a', 'libopus', '-f', 'webm', voicePath],
  ]);
  clip = await readFile(clipPath);
  voice = await readFile(voicePath);
}, 60_000);
afterAll(async () => {
  await t.close();
  await media.cleanup();
});

const tusFiles = () => filesUnder(join(t.dataDir, 'uploads-tus'));

describe('attaching resumable uploads', () => {
  it('posts a video sent in two parts, processed to ready like a multipart one', async () => {
    const { token } = await quickUser(t);
    const url = await newUpload(t, token, clip.length, 'video');
    const half = Math.floor(clip.length / 2);
    expect((await tusPatch(t, token, url, 0, clip.subarray(0, half))).statusCode).toBe(204);
    expect((await tusPatch(t, token, url, half, clip.subarray(half))).statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/new',
      headers: bearer(token),
      payload: { location: 'Vapi, Gujarat', caption: 'On NH48', videoUploadId: uploadIdOf(url) },
    });
    expect(res.statusCode).toBe(200);
    const postId = (res.json() as { product: Product }).product._id;
    // Consumed: the tus copy is gone as soon as the post is written.
    expect((await tusFiles()).filter((f) => f.startsWith(uploadIdOf(url)))).toEqual([]);

    const ready = await until(`post ${postId} to be ready`, async () => {
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/v1/video/mine',
        headers: bearer(token),
      });
      const post = (mine.json() as { products: Product[] }).products.find((p) => p._id === postId);
      return post?.status === 'processing' ? undefined : post;
    });
    expect(ready).toMatchObject({ status: 'ready', caption: 'On NH48' });
    expect(ready.video?.duration).toBeGreaterThan(1.5);
  });

  it('sends a Voice Chat note by its upload id', async () => {
    const { token } = await quickUser(t);
    const id = await uploaded(t, token, voice, 'voice');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/voice/upload',
      headers: bearer(token),
      payload: { uploadId: id },
    });
    expect(res.statusCode).toBe(200);
    const noteId = (res.json() as { data: VoiceNote }).data._id;
    const note = await until(`voice note ${noteId} to be ready`, async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/voice/list',
        headers: bearer(token),
      });
      const found = (list.json() as { notes: VoiceNote[] }).notes.find((n) => n._id === noteId);
      return found?.status === 'processing' ? undefined : found;
    });
    expect(note).toMatchObject({ status: 'ready' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/voice/upload',
      headers: bearer(token),
      payload: { uploadId: id },
    });
    expect(again.statusCode).toBe(404);
  });
});
