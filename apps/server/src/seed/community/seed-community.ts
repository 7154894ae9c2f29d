import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../log.js';
import { uploadResponse } from '@saathi/contract';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSession, startSession } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { findPost } from '../../features/feed/posts.queries.js';
import { makeWorkDir } from '../../media/work-dir.js';
import { demoAccounts } from '../demo.js';
import { mediaMaker } from './media.js';
import { openProgress } from './progress.js';
import {
  communityDrivers,
  communityPassword,
  demoFollows,
  demoHelpRequest,
  demoPosts,
  demoVoiceNotes,
  type DemoPost,
  type Member,
} from './script.js';

export interface CommunityDeps {
  /** The running app: everything goes through its routes, as a phone's requests would. */
  app: FastifyInstance;
  db: Db;
  jwtSecret: Uint8Array;
  log: Logger;
}

export interface CommunityOptions {
  /** Only the first this many video posts (the tests' shorter run); all by default. */
  videos?: number;
  /** Clips at most this long; the script's lengths by default. */
  maxSeconds?: number;
}

/** How long one post's processing may take before it is left without likes and comments. */
const readyTimeoutMs = 10 * 60_000;

const demoDriver = demoAccounts.find((a) => a.usertype === 'driver');

interface Multipart {
  payload: Buffer;
  headers: Record<string, string>;
}

/** A multipart body as a phone's browser sends it; `files` are paths by field name. */
async function multipart(
  fields: Record<string, string>,
  files: Record<string, string>,
): Promise<Multipart> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, path] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(await readFile(path))]), basename(path));
  }
  const request = new Request('http://saathi.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function createDrivers(db: Db): Promise<true> {
  const passwordHash = await hashPassword(communityPassword);
  await db
    .insert(users)
    .values(
      Object.values(communityDrivers).map((d) => ({
        id: randomUUID(),
        ...d,
        passwordHash,
        usertype: 'driver' as const,
        verification: 'verified' as const,
      })),
    )
    .onConflictDoNothing();
  return true;
}

async function memberIds(db: Db): Promise<Map<Member, string>> {
  const phones = new Map<string, Member>(
    Object.entries(communityDrivers).map(([key, d]) => [d.phone, key as Member]),
  );
  if (demoDriver) phones.set(demoDriver.phone, 'ramesh');
  const rows = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [...phones.keys()]));
  return new Map(rows.map((r) => [phones.get(r.phone) as Member, r.id]));
}

async function settled(db: Db, postId: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = (await findPost(db, postId))?.post.status;
    if (status !== 'processing') return status === 'ready';
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

/**
 * Makes the demo community of README.md: drivers, their photo and video posts (generated with
 * ffmpeg's test sources, sent through the same upload route and processing job as a phone's),
 * follows, likes, comments (which notify the demo driver), Voice Chat notes and an open help
 * request. Only after the start that created the demo accounts; resumable and done once
 * (progress.ts). Answers whether it made anything.
 */
export async function seedCommunity(
  deps: CommunityDeps,
  freshDemo: boolean,
  options: CommunityOptions = {},
): Promise<boolean> {
  const { app, db, log } = deps;
  const progress = await openProgress(db, freshDemo);
  if (!progress) return false;
  const started = Date.now();
  await progress.step('drivers', () => createDrivers(db));
  const ids = await memberIds(db);
  const sessions = new Map<Member, { token: string; sessionId: string }>();
  const work = await makeWorkDir('seed');
  const media = mediaMaker(work, log);

  const idOf = (member: Member) => {
    const id = ids.get(member);
    if (!id) throw new Error(`demo seed: the account of ${member} is gone`);
    return id;
  };

  /** One request of `by`, signed in with a session of the seed's own (ended at the end). */
  async function call(
    by: Member,
    method: 'POST' | 'PUT',
    url: string,
    body: { json?: Record<string, unknown>; form?: Multipart } = {},
  ) {
    const session = sessions.get(by) ?? (await startSession(db, deps.jwtSecret, idOf(by)));
    sessions.set(by, session);
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.token}`, ...body.form?.headers },
      payload: body.form?.payload ?? body.json,
    });
    if (res.statusCode >= 300) {
      throw new Error(`demo seed: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    }
    return res.json<Record<string, unknown>>();
  }

  const videoPosts = demoPosts.filter((p) => p.video).slice(0, options.videos);
  const posts = demoPosts.filter((p) => !p.video || videoPosts.includes(p));

  async function publish(post: DemoPost): Promise<string> {
    const seconds = Math.min(post.video?.seconds ?? 0, options.maxSeconds ?? Infinity);
    const file = post.video
      ? await media.video(post.key, post.pattern, post.overlay, seconds, post.video.tone)
      : await media.image(post.key, post.pattern, post.overlay);
    const fields = {
      caption: post.caption,
      location: post.location,
      emergency: String(post.emergency ?? false),
    };
    const form = await multipart(fields, { [post.video ? 'video' : 'images']: file });
    const answer = await call(post.author, 'POST', '/api/v1/video/new', { form });
    await rm(file, { force: true });
    return uploadResponse.parse(answer).product._id;
  }

  try {
    for (const [from, to] of demoFollows) {
      await progress.step(`follow:${from}>${to}`, async () => {
        await call(from, 'POST', `/api/follow/follow/${idOf(to)}`);
        return true;
      });
    }
    const postIds = new Map<DemoPost, string>();
    for (const post of posts) {
      postIds.set(post, await progress.step(`post:${post.key}`, () => publish(post)));
    }
    for (const note of demoVoiceNotes) {
      await progress.step(`voice:${note.key}`, async () => {
        const file = await media.voice(note.key, note.tone, note.seconds);
        const form = await multipart({}, { voice: file });
        await call(note.by, 'POST', '/api/voice/upload', { form });
        return true;
      });
    }
    await progress.step('help', async () => {
      await call(demoHelpRequest.by, 'POST', '/api/v1/request', { json: demoHelpRequest.body });
      return true;
    });
    // Likes and comments need a ready post; each waits for its own processing.
    for (const [post, postId] of postIds) {
      if (!(await settled(db, postId, readyTimeoutMs))) {
        log.warn({ postId }, 'demo seed: a post was not processed; it keeps no likes or comments');
        continue;
      }
      for (const by of post.likedBy) {
        await progress.step(`like:${post.key}:${by}`, async () => {
          await call(by, 'PUT', `/api/v1/toggle/like/${postId}`);
          return true;
        });
      }
      for (const [i, c] of post.comments.entries()) {
        await progress.step(`comment:${post.key}:${i}`, async () => {
          await call(c.by, 'POST', `/api/v1/video/${postId}/comment`, {
            json: { comment: c.text },
          });
          return true;
        });
      }
    }
    await progress.finish();
    log.info({ posts: posts.length, ms: Date.now() - started }, 'demo community made');
    return true;
  } finally {
    await rm(work, { recursive: true, force: true });
    for (const s of sessions.values()) await revokeSession(db, s.sessionId, 'logout');
  }
}

/**
 * Runs `seedCommunity` in the background of a start (never awaited by it: the server answers
 * at once, and ffmpeg runs at its nice level). Off with SEED_DEMO=false or SEED_COMMUNITY=false;
 * a failure is logged and the next start resumes where it stopped.
 */
export function seedCommunityInBackground(
  enabled: boolean,
  deps: CommunityDeps,
  freshDemo: boolean,
  options?: CommunityOptions,
): Promise<boolean> {
  if (!enabled) return Promise.resolve(false);
  return seedCommunity(deps, freshDemo, options).catch((err: unknown) => {
    deps.log.error({ err }, 'demo community stopped; the next start goes on with it');
    return false;
  });
}
