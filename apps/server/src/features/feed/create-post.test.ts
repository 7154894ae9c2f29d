import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages, rateLimits, uploadResponse, type Product } from '@saathi/contract';
import { postImages, posts } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { multipartFiles, newPost, type UploadFile } from '../../../test/feed-factories.js';
import {
  feedPage,
  feedWrites,
  myPosts,
  mp4Bytes,
  quickUser,
  withoutWrites,
} from '../../../test/feed-helpers.js';
import { exeBytes, fakeImage, pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  blockUser,
  filesUnder,
  startTestApp,
  type TestApp,
} from '../../../test/harness.js';

const MB = 1024 * 1024;
const place = { location: 'Vapi, Gujarat' };

const png = (data: Buffer = pngImage(), filename = 'photo.png'): UploadFile => ({
  field: 'images',
  data,
  filename,
  type: 'image/png',
});
/** A file that claims to be a JPEG photo, whatever its bytes are. */
const claimsJpeg = (data: Buffer): UploadFile => ({
  field: 'images',
  data,
  filename: 'IMG_2024.jpg',
  type: 'image/jpeg',
});
const video = (data: Buffer, filename = 'clip.mp4', type = 'video/mp4'): UploadFile => ({
  field: 'video',
  data,
  filename,
  type,
});

describe('POST /api/v1/video/new', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function upload(
    token: string | undefined,
    fields: Record<string, string>,
    files: UploadFile[],
  ) {
    const body = await multipartFiles(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/video/new',
      headers: { ...(token ? bearer(token) : {}), ...body.headers },
      payload: body.payload,
    });
  }

  /** A fresh author per test: every attempt, refused or not, counts towards the post limit. */
  const author = () => quickUser(t, { usertype: 'driver', verification: 'verified' });

  /** The refusal, and proof it left no post, no image row and no file behind. */
  async function refused(
    fields: Record<string, string>,
    files: UploadFile[],
    status: number,
    message: string,
    code?: string,
  ) {
    const { token } = await author();
    const res = await withoutWrites(t, () => upload(token, fields, files));
    return expectError(res, status, message, code);
  }

  describe('refusals', () => {
    it('401 without a token', async () => {
      const res = await withoutWrites(t, () => upload(undefined, place, [png()]));
      expectError(res, 401, messages.not_signed_in, 'not_signed_in');
    });

    it('403 for a blocked account', async () => {
      const { user, token } = await author();
      await blockUser(t, user.id);
      const res = await withoutWrites(t, () => upload(token, place, [png()]));
      expectError(res, 403, messages.account_blocked, 'account_blocked');
    });

    it('400 when the body is neither multipart nor names uploaded files', async () => {
      const { token } = await author();
      const res = await withoutWrites(t, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/video/new',
          headers: bearer(token),
          payload: { location: 'Vapi', caption: 'hello' },
        }),
      );
      // JSON is the form that names resumable uploads (features/uploads): none named here.
      expectError(res, 400, messages.post_media_required, 'post_media_required');
    });

    it('400 for a cut-off multipart body', async () => {
      const { token } = await author();
      const body = await multipartFiles(place, [png(pngImage(64, 64))]);
      const res = await withoutWrites(t, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/video/new',
          headers: { ...bearer(token), ...body.headers },
          payload: body.payload.subarray(0, body.payload.length - 60),
        }),
      );
      expectError(res, 400, messages.bad_multipart, 'bad_multipart');
    });

    it('400 without any file', async () => {
      await refused(place, [], 400, messages.post_media_required, 'post_media_required');
      expect(messages.post_media_required).toBe('Please select at least one image or a video.');
    });

    it.each([
      ['missing', {}],
      ['blank', { location: '   ' }],
    ])('400 when the location is %s, after the files arrived', async (_label, fields) => {
      await refused(fields, [png(), png()], 400, 'Location is required', 'location_required');
    });

    it('400 for a caption over 2000 characters; 2000 is fine', async () => {
      await refused(
        { ...place, caption: 'c'.repeat(limits.captionMax + 1) },
        [png()],
        400,
        'Caption must be 2000 characters or fewer',
        'caption_too_long',
      );
      const { token } = await author();
      const ok = await upload(token, { ...place, caption: 'c'.repeat(2000) }, [png()]);
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it('400 for a location over 200 characters', async () => {
      await refused(
        { location: 'l'.repeat(limits.locationMax + 1) },
        [png()],
        400,
        messages.location_too_long,
        'location_too_long',
      );
    });

    it('413 for an image over 10 MB, naming it (image 1)', async () => {
      const body = await refused(
        place,
        [png(pngImage(4, 4, 10 * MB + 1))],
        413,
        'Image 1 is too large. Maximum size is 10MB.',
        'image_too_large',
      );
      expect(body.params).toEqual({ n: 1 });
    });

    it('413 naming the 2nd image when only it is too large, the 1st already stored', async () => {
      const body = await refused(
        place,
        [png(), png(pngImage(4, 4, 12 * MB))],
        413,
        'Image 2 is too large. Maximum size is 10MB.',
        'image_too_large',
      );
      expect(body.params).toEqual({ n: 2 });
    });

    it('accepts an image of exactly 10 MB', async () => {
      const { token } = await author();
      const res = await upload(token, place, [png(pngImage(4, 4, 10 * MB))]);
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each([
      ['text', fakeImage],
      ['exe', exeBytes],
    ])('400 for %s bytes named .jpg and typed image/jpeg', async (_label, bytes) => {
      const first = await refused(
        place,
        [claimsJpeg(bytes)],
        400,
        'Image 1 has an unsupported format. Please use JPEG, PNG, or GIF.',
        'image_type',
      );
      expect(first.params).toEqual({ n: 1 });
      const second = await refused(
        place,
        [png(), claimsJpeg(bytes)],
        400,
        'Image 2 has an unsupported format. Please use JPEG, PNG, or GIF.',
        'image_type',
      );
      expect(second.params).toEqual({ n: 2 });
    });

    it('400 for a video sent as an image', async () => {
      await refused(
        place,
        [{ ...claimsJpeg(mp4Bytes()), filename: 'clip.mp4', type: 'video/mp4' }],
        400,
        'Image 1 has an unsupported format. Please use JPEG, PNG, or GIF.',
        'image_type',
      );
    });

    it('413 for a video over 10 MB', async () => {
      await refused(
        place,
        [video(mp4Bytes(10 * MB + 1))],
        413,
        'Video is too large. Maximum size is 10MB.',
        'video_too_large',
      );
      await refused(
        place,
        [png(), video(mp4Bytes(14 * MB))],
        413,
        'Video is too large. Maximum size is 10MB.',
        'video_too_large',
      );
    });

    it.each([
      ['an image', pngImage()],
      ['text', fakeImage],
      ['an exe', exeBytes],
    ])('400 for %s sent as the video', async (_label, bytes) => {
      await refused(
        place,
        [video(bytes, 'clip.mp4', 'video/mp4')],
        400,
        'Video has an unsupported format. Please use MP4, AVI, MOV, or WMV.',
        'video_type',
      );
    });

    it.each([11, 12, 13])('400 too_many_images for %i images', async (n) => {
      const files = Array.from({ length: n }, () => png());
      const body = await refused(
        place,
        files,
        400,
        `You can add at most ${limits.postImagesMax} images to one post.`,
        'too_many_images',
      );
      expect(body.params).toEqual({ max: limits.postImagesMax });
    });

    it('accepts exactly 10 images, in their order', async () => {
      const { token } = await author();
      const files = Array.from({ length: 10 }, (_, i) => png(pngImage(i + 1, 2), `${i}.png`));
      const res = await upload(token, place, files);
      expect(res.statusCode, res.body).toBe(200);
      const id = uploadResponse.parse(res.json()).product._id;
      const rows = await t.database.db.select().from(postImages).where(eq(postImages.postId, id));
      expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    });

    it('400 for two videos', async () => {
      await refused(
        place,
        [video(mp4Bytes()), video(mp4Bytes())],
        400,
        messages.too_many_videos,
        'too_many_videos',
      );
    });

    it('400 for an unexpected file field', async () => {
      const body = await refused(
        place,
        [png(), { ...png(), field: 'avatar' }],
        400,
        'Unexpected file field: avatar',
        'invalid_input',
      );
      expect(body.message).not.toMatch(/\/|storage|uploads/);
    });
  });

  describe('success', () => {
    it('stores images-only posts as processing, raw files kept out of /media', async () => {
      const { user, token } = await author();
      const before = await feedWrites(t);
      const res = await upload(
        token,
        { ...place, caption: 'Fog on NH48\r\nDrive slow\rNear Vapi' },
        [png(pngImage(3, 3)), png(pngImage(5, 5))],
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = uploadResponse.parse(res.json());
      expect(body).toMatchObject({ success: true, message: 'Uploaded successfully!' });
      const { product } = body;
      // Browsers send a textarea's line breaks as CRLF; the stored caption has \n only.
      expect(product.caption).toBe('Fog on NH48\nDrive slow\nNear Vapi');
      expect(product).toMatchObject({
        title: 'Fog on NH48',
        location: 'Vapi, Gujarat',
        status: 'processing',
        failureReason: null,
        emergency: false,
        likes: 0,
        likedByMe: false,
        commentsCount: 0,
        video: null,
        images: [],
        user: { _id: user.id, name: user.name, usertype: 'driver' },
      });

      const after = await feedWrites(t);
      expect(after.posts).toBe(before.posts + 1);
      expect(after.postImages).toBe(before.postImages + 2);
      const [row] = await t.database.db.select().from(posts).where(eq(posts.id, product._id));
      expect(row).toMatchObject({ userId: user.id, status: 'processing', rawVideoKey: null });
      const images = await t.database.db
        .select()
        .from(postImages)
        .where(eq(postImages.postId, product._id));
      expect(images).toHaveLength(2);

      // Each raw file (and its content-type sidecar) sits under uploads/posts/<id>.
      const postDir = join(t.dataDir, 'storage', 'uploads', 'posts', product._id);
      const stored = await filesUnder(postDir);
      const rawNames = images.map((i) => (i.rawKey ?? '').split('/').pop() ?? '');
      expect(stored.sort()).toEqual(rawNames.flatMap((n) => [n, `${n}.meta`]).sort());
      for (const image of images) {
        expect(image.rawKey).toMatch(new RegExp(`^uploads/posts/${product._id}/[0-9a-f-]{36}$`));
        for (const url of [
          `/media/${image.rawKey ?? ''}`,
          `/media/posts/${product._id}/${rawNames[0] ?? ''}`,
          `/media/../${image.rawKey ?? ''}`,
          `/media/%2e%2e/${image.rawKey ?? ''}`,
        ]) {
          const media = await t.app.inject({ method: 'GET', url });
          expect(media.statusCode, url).toBe(404);
        }
      }

      // Not in the public feed until processed; in the author's own list at once.
      expect((await feedPage(t)).products.map((p) => p._id)).not.toContain(product._id);
      const mine = await myPosts(t, token);
      expect(mine.map((p) => p._id)).toEqual([product._id]);
      expect(mine[0]).toMatchObject({ status: 'processing', video: null, images: [] });
    });

    it('queues the post for processing', async () => {
      const { token } = await author();
      const res = await upload(token, place, [png()]);
      const id = uploadResponse.parse(res.json()).product._id;
      const jobs = await t.database.executeSql(
        `select data->>'postId' as post_id from pgboss.job where name = 'post.process'`,
      );
      expect(jobs.rows.map((j) => j.post_id)).toContain(id);
    });

    it.each([
      ['true', true],
      ['on', true],
      ['1', true],
      ['false', false],
      ['off', false],
      ['', false],
    ])('parses emergency=%j as %s', async (value, expected) => {
      const { token } = await author();
      const res = await upload(token, { ...place, emergency: value }, [png()]);
      expect(res.statusCode, res.body).toBe(200);
      const product: Product = uploadResponse.parse(res.json()).product;
      expect(product.emergency).toBe(expected);
      const [row] = await t.database.db.select().from(posts).where(eq(posts.id, product._id));
      expect(row?.emergency).toBe(expected);
    });

    it('400 for an emergency value that is not a flag', async () => {
      await refused(
        { ...place, emergency: 'maybe' },
        [png()],
        400,
        messages.invalid_input,
        'invalid_input',
      );
    });

    it('trims caption and location; a missing caption is empty', async () => {
      const { token } = await author();
      const res = await upload(token, { location: '  Surat  ' }, [png()]);
      expect(res.statusCode, res.body).toBe(200);
      expect(uploadResponse.parse(res.json()).product).toMatchObject({
        location: 'Surat',
        caption: '',
        title: '',
      });
    });

    it('stores a video-only post with its raw video key', async () => {
      const { token } = await author();
      const res = await upload(token, place, [video(mp4Bytes(), 'MOV_1.mov', 'video/quicktime')]);
      expect(res.statusCode, res.body).toBe(200);
      const id = uploadResponse.parse(res.json()).product._id;
      const [row] = await t.database.db.select().from(posts).where(eq(posts.id, id));
      expect(row?.rawVideoKey).toMatch(new RegExp(`^uploads/posts/${id}/`));
      const stored = await filesUnder(join(t.dataDir, 'storage', 'uploads', 'posts', id));
      expect(stored).toHaveLength(2);
    });
  });

  describe('rate limit', () => {
    it(`429 with retry-after after ${rateLimits.postsPerHour} posts in an hour, for that user only`, async () => {
      const { token } = await author();
      for (let i = 0; i < rateLimits.postsPerHour; i++) {
        const res = await upload(token, place, [png()]);
        expect(res.statusCode, `post ${i + 1}: ${res.body}`).toBe(200);
      }
      const res = await withoutWrites(t, () => upload(token, place, [png()]));
      expectError(res, 429, messages.too_many_posts, 'too_many_posts');
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);

      const other = await author();
      expect((await upload(other.token, place, [png()])).statusCode).toBe(200);
    });

    it('counts accepted posts only: refused uploads leave the hour untouched', async () => {
      const { user, token } = await author();
      for (let i = 0; i < rateLimits.postsPerHour - 1; i++) await newPost(t, user.id);
      // Refused for a missing location and for a file that is not an image, three times each.
      for (let i = 0; i < 3; i++) {
        expect((await upload(token, {}, [png()])).statusCode).toBe(400);
        expect((await upload(token, place, [png(Buffer.from('not a photo'))])).statusCode).toBe(
          400,
        );
      }
      const last = await upload(token, place, [png()]);
      expect(last.statusCode, last.body).toBe(200);
      const over = await withoutWrites(t, () => upload(token, place, [png()]));
      expectError(over, 429, messages.too_many_posts, 'too_many_posts');
    });

    it('waits only until the oldest post of the hour leaves it; older posts and removed ones count as written', async () => {
      const { user, token } = await author();
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
      await newPost(t, user.id, { createdAt: minutesAgo(61) });
      await newPost(t, user.id, { createdAt: minutesAgo(59), removedAt: new Date() });
      for (let i = 0; i < rateLimits.postsPerHour - 1; i++) {
        await newPost(t, user.id, { createdAt: minutesAgo(10) });
      }
      const res = await withoutWrites(t, () => upload(token, place, [png()]));
      expectError(res, 429, messages.too_many_posts, 'too_many_posts');
      // The removed post of 59 minutes ago frees its place in about a minute.
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(30);
      expect(wait).toBeLessThanOrEqual(60);
    });

    it('lets a burst of parallel uploads through up to the limit, never past it', async () => {
      const { user, token } = await author();
      for (let i = 0; i < rateLimits.postsPerHour - 2; i++) await newPost(t, user.id);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => upload(token, place, [png()])),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429]);
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(posts)
        .where(eq(posts.userId, user.id));
      expect(row?.n).toBe(rateLimits.postsPerHour);
    });
  });
});
