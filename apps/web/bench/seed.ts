import { openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ffmpeg } from '../../server/test/fixtures-media.js';
import { demoAccounts } from '../../server/src/seed/demo.js';

/**
 * The feed, newest first: 34 items, enough for 30 swipes. Videos open it, as in a real feed;
 * further down, pairs of videos between photo posts, so that the swipes leave videos
 * behind at a steady pace. Ten 12 s clips keep the server's processing near a minute.
 */
const feedHead = ['video', 'video', 'video', 'video', 'photos'] as const;
const feedTail = ['video', 'video', 'photos'] as const;
const feed = [...feedHead, ...feedTail, ...feedTail, ...feedTail];
const photosPerPost = 6;
const clipSeconds = 12;

/**
 * A phone-like upload: 720x1280 at 30 fps with sound, drawn small and scaled up with a
 * little moving grain so that the server's encode lands near 1.2 Mbit/s, as real road
 * clips do (0.8 to 1.7 Mbit/s).
 */
async function makeClip(dir: string): Promise<string> {
  const clip = join(dir, 'clip.mp4');
  await ffmpeg([
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30,scale=720:1280,noise=alls=6:allf=t'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100'],
    ...['-t', String(clipSeconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2000k'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', clip],
  ]);
  return clip;
}

async function makePhotos(dir: string, count: number): Promise<string[]> {
  await ffmpeg([
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=1,noise=alls=8:allf=t'],
    ...['-frames:v', String(count), '-q:v', '4', join(dir, 'photo-%d.jpg')],
  ]);
  return Array.from({ length: count }, (_, i) => join(dir, `photo-${i + 1}.jpg`));
}

/** Signs a demo account in through the API; the web app keeps this token in its cookie. */
export async function signIn(
  url: string,
  usertype: 'driver' | 'admin' = 'driver',
): Promise<string> {
  const account = demoAccounts.find((a) => a.usertype === usertype);
  if (!account) throw new Error(`no demo ${usertype}`);
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: account.phone, password: account.password }),
  });
  const body = (await res.json()) as { Token?: string };
  if (!res.ok || !body.Token) throw new Error(`sign-in failed: ${res.status}`);
  return body.Token;
}

async function post(url: string, token: string, files: [field: string, path: string][]) {
  const form = new FormData();
  form.append('location', 'NH48, Gujarat');
  form.append('caption', 'Bench clip');
  for (const [field, path] of files) {
    const type = path.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg';
    form.append(field, await openAsBlob(path, { type }), path.split('/').pop());
  }
  const res = await fetch(`${url}/api/v1/video/new`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`posting failed: ${res.status} ${await res.text()}`);
}

/** Waits until the server's worker has processed every post of the account. */
async function allReady(url: string, token: string, count: number): Promise<void> {
  for (let waited = 0; waited < 600_000; waited += 2000) {
    const res = await fetch(`${url}/api/v1/video/mine`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { products: { status: string; failureReason: string }[] };
    const failed = body.products.find((p) => p.status === 'failed');
    if (failed) throw new Error(`a post failed processing: ${failed.failureReason}`);
    const ready = body.products.filter((p) => p.status === 'ready').length;
    if (ready >= count) return;
    await sleep(2000);
  }
  throw new Error('posts were not processed within 10 minutes');
}

/** Posts real clips and photos through the API, oldest first, and waits until processed. */
export async function seedFeed(url: string, token: string, dir: string): Promise<void> {
  const clip = await makeClip(dir);
  const photos = (await makePhotos(dir, photosPerPost)).map((p): [string, string] => ['images', p]);
  for (const kind of [...feed].reverse()) {
    await post(url, token, kind === 'video' ? [['video', clip]] : photos);
  }
  await allReady(url, token, feed.length);
}
