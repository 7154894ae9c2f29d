import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { postImages, posts, type PostRow } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { newPost } from '../../../test/feed-factories.js';
import { feedPage, getPost, myPosts, withoutWrites } from '../../../test/feed-helpers.js';
import {
  bearer,
  filesUnder,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

describe('DELETE /api/v1/admin/product/:videoId', () => {
  let t: TestApp;
  let author: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    author = await newUser(t, { usertype: 'driver' });
    admin = await newUser(t, { usertype: 'admin' });
    stranger = await newUser(t, { usertype: 'driver' });
  });
  afterAll(() => t.close());

  const remove = (videoId: string, token?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/product/${videoId}`,
      headers: token ? bearer(token) : {},
    });
  const filesOf = (postId: string) =>
    filesUnder(join(t.dataDir, 'storage', 'public', 'posts', postId));

  /** A ready post with a video, a poster and two images, each a real file in storage. */
  async function postWithFiles(): Promise<PostRow> {
    const post = await newPost(t, author.user.id);
    const imageKeys = [0, 1].map((i) => `public/posts/${post.id}/image-${i}.jpg`);
    await t.database.db.insert(postImages).values(
      imageKeys.map((key, position) => ({
        id: randomUUID(),
        postId: post.id,
        position,
        key,
        width: 10,
        height: 10,
      })),
    );
    for (const key of [post.videoKey ?? '', post.posterKey ?? '', ...imageKeys]) {
      await t.storage.put(key, Readable.from([Buffer.from(`bytes of ${key}`)]), 'image/jpeg');
    }
    expect((await filesOf(post.id)).filter((f) => !f.endsWith('.meta'))).toHaveLength(4);
    return post;
  }

  it('401 without a token', async () => {
    const post = await newPost(t, author.user.id);
    const res = await withoutWrites(t, () => remove(post.id));
    expectError(res, 401, messages.not_signed_in, 'not_signed_in');
    expect((await getPost(t, post.id)).statusCode).toBe(200);
  });

  it("403 'You can only delete your own videos' for another user; nothing is touched", async () => {
    const post = await postWithFiles();
    const before = await filesOf(post.id);
    const res = await withoutWrites(t, () => remove(post.id, stranger.token));
    expectError(res, 403, 'You can only delete your own videos', 'not_post_owner');
    expect(await filesOf(post.id)).toEqual(before);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.removedAt).toBeNull();
    expect((await getPost(t, post.id)).statusCode).toBe(200);
  });

  it('404 for an unknown post; 400 for an id that is not a uuid', async () => {
    expectError(
      await remove(randomUUID(), author.token),
      404,
      messages.post_not_found,
      'post_not_found',
    );
    expect((await remove('abc', author.token)).statusCode).toBe(400);
  });

  it('lets the author delete: gone from the feed, the post call and /mine, with its files', async () => {
    const post = await postWithFiles();
    const neighbour = await postWithFiles();
    expect((await feedPage(t, 'limit=30')).products.map((p) => p._id)).toContain(post.id);

    const res = await remove(post.id, author.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Video deleted successfully',
      code: 'video_deleted',
    });

    expect(await filesOf(post.id)).toEqual([]);
    expect((await filesOf(neighbour.id)).filter((f) => !f.endsWith('.meta'))).toHaveLength(4);
    for (const url of [
      `/media/posts/${post.id}/video.mp4`,
      `/media/posts/${post.id}/image-0.jpg`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const feed = (await feedPage(t, 'limit=30')).products.map((p) => p._id);
    expect(feed).not.toContain(post.id);
    expect(feed).toContain(neighbour.id);
    expectError(await getPost(t, post.id), 404, messages.post_not_found);
    expect((await myPosts(t, author.token)).map((p) => p._id)).not.toContain(post.id);

    // The row stays for moderation history, pointing at no file.
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ removedBy: author.user.id, videoKey: null, posterKey: null });
    expect(row?.removedAt).toBeInstanceOf(Date);
    const images = await t.database.db
      .select()
      .from(postImages)
      .where(eq(postImages.postId, post.id));
    expect(images.map((i) => i.key)).toEqual([null, null]);
  });

  it('lets an admin delete anyone’s post', async () => {
    const post = await postWithFiles();
    const res = await remove(post.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.video_deleted,
      code: 'video_deleted',
    });
    expect(await filesOf(post.id)).toEqual([]);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.removedBy).toBe(admin.user.id);
    expect((await getPost(t, post.id)).statusCode).toBe(404);
  });

  it('removes a post still processing, with its raw upload', async () => {
    const rawKey = `uploads/posts/${randomUUID()}/raw`;
    const post = await newPost(t, author.user.id, {
      status: 'processing',
      videoKey: null,
      posterKey: null,
      rawVideoKey: rawKey,
    });
    await t.storage.put(rawKey, Readable.from([Buffer.from('raw video')]), 'video/mp4');
    expect(await t.storage.stat(rawKey)).not.toBeNull();
    const res = await remove(post.id, author.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.storage.stat(rawKey)).toBeNull();
    expect((await myPosts(t, author.token)).map((p) => p._id)).not.toContain(post.id);
  });

  it('404 when deleting twice', async () => {
    const post = await postWithFiles();
    expect((await remove(post.id, author.token)).statusCode).toBe(200);
    expectError(
      await remove(post.id, author.token),
      404,
      messages.post_not_found,
      'post_not_found',
    );
    expectError(await remove(post.id, admin.token), 404, messages.post_not_found);
  });
});
