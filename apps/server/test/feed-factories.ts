import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Product } from '@saathi/contract';
import { posts, type PostRow } from '../src/db/schema/index.js';
import { bearer, type TestApp } from './harness.js';

export interface UploadFile {
  field: string;
  data: Buffer;
  filename: string;
  type: string;
}

/** A multipart body with repeated file fields (several `images`), for app.inject. */
export async function multipartFiles(
  fields: Record<string, string>,
  files: UploadFile[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  }
  const request = new Request('http://saathi.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A post sent as a phone sends it (POST /api/v1/video/new, multipart); answers its id. */
export async function sendPost(
  t: Pick<TestApp, 'app'>,
  token: string,
  files: UploadFile[],
  fields: Record<string, string> = { location: 'Vapi, Gujarat' },
): Promise<string> {
  const body = await multipartFiles(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/video/new',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ product: Product }>().product._id;
}

/**
 * A post row as the worker leaves it, straight into the database (fast): for tests of the
 * feed, likes, comments and reports that are not about processing.
 */
export async function newPost(
  t: Pick<TestApp, 'database'>,
  userId: string,
  overrides: Partial<typeof posts.$inferInsert> = {},
): Promise<PostRow> {
  const id = overrides.id ?? randomUUID();
  const [row] = await t.database.db
    .insert(posts)
    .values({
      id,
      userId,
      caption: 'On NH48 near Vapi',
      location: 'Vapi, Gujarat',
      status: 'ready',
      videoKey: `public/posts/${id}/video.mp4`,
      posterKey: `public/posts/${id}/poster.jpg`,
      durationSec: 3,
      width: 720,
      height: 1280,
      readyAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('post not inserted');
  return row;
}
