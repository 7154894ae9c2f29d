import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Product } from '@saathi/contract';
import {
  comments,
  likes,
  notifications,
  postImages,
  posts,
  reports,
  users,
} from '../src/db/schema/index.js';
import { startSession } from '../src/auth/sessions.js';
import {
  bearer,
  filesUnder,
  newPhone,
  passwordHashOf,
  type TestApp,
  type TestUser,
} from './harness.js';

/** Rows in each feed table and of notifications, and every file under storage/uploads. */
export async function feedWrites(t: TestApp) {
  const { db } = t.database;
  const rows = async (
    table:
      | typeof posts
      | typeof postImages
      | typeof likes
      | typeof comments
      | typeof reports
      | typeof notifications,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? -1;
  return {
    posts: await rows(posts),
    postImages: await rows(postImages),
    likes: await rows(likes),
    comments: await rows(comments),
    reports: await rows(reports),
    // Likes and comments write their notification in the same statement as themselves.
    notifications: await rows(notifications),
    uploads: (await filesUnder(join(t.dataDir, 'storage', 'uploads'))).sort(),
  };
}

/** Runs `call` and proves it wrote nothing: no rows in any feed table, no file under uploads. */
export async function withoutWrites(
  t: TestApp,
  call: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const before = await feedWrites(t);
  const res = await call();
  expect(await feedWrites(t), `${res.statusCode} ${res.body}`).toEqual(before);
  return res;
}

const headersOf = (token?: string) => (token ? bearer(token) : {});

/** GET /api/v1/video/all with a query string; the products and the next cursor. */
export async function feedPage(t: TestApp, query = '', token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/video/all${query ? `?${query}` : ''}`,
    headers: headersOf(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; products: Product[]; nextCursor: string | null };
}

export async function myPosts(t: TestApp, token: string): Promise<Product[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/video/mine',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { products: Product[] }).products;
}

export const getPost = (t: TestApp, id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/video/${id}`, headers: headersOf(token) });

/** Bytes that sniff as MP4 (an `ftyp` box, brand isom), padded with zeros to `total`. */
export function mp4Bytes(total = 8192): Buffer {
  const ftyp = Buffer.from(
    '000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
    'hex',
  );
  return Buffer.concat([ftyp, Buffer.alloc(Math.max(0, total - ftyp.length))]);
}

/**
 * Like newUser, but every account shares one argon2 hash (password 'secret-pass'), so tests
 * that need many accounts (a crowd liking at once, one author per upload) stay fast.
 */
export async function quickUser(
  t: Pick<TestApp, 'database'> & { config: Pick<TestApp['config'], 'jwtSecret'> },
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser & { sessionId: string }> {
  const [user] = await t.database.db
    .insert(users)
    .values({
      id: randomUUID(),
      name: 'Test Driver',
      phone: newPhone(),
      passwordHash: await passwordHashOf('secret-pass'),
      usertype: 'user',
      verification: 'not_required',
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  const { token, sessionId } = await startSession(t.database.db, t.config.jwtSecret, user.id);
  return { user, password: 'secret-pass', token, sessionId };
}
