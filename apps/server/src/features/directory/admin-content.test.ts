import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  type AdminBusiness,
  type AdminSafetyCaution,
  type Business,
  type SafetyCaution,
} from '@saathi/contract';
import { auditLog, businesses, safetyCautions } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { multipartFiles, type UploadFile } from '../../../test/feed-factories.js';
import { fakeImage, pngImage } from '../../../test/fixtures.js';
import { ffmpeg, isFaststart, mediaDir } from '../../../test/fixtures-media.js';
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
let admin: TestUser;
let driver: TestUser;
let clip: Buffer;
let photo: Buffer;
beforeAll(async () => {
  t = await startTestApp({ workers: true });
  admin = await newUser(t, { usertype: 'admin' });
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
  const media = await mediaDir();
  const clipPath = join(media.dir, 'clip.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1080x1920:rate=30',
    '-t',
    '1.5',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    clipPath,
  ]);
  clip = await readFile(clipPath);
  await media.cleanup();
  // A phone photo with its GPS position in EXIF.
  photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 4/1 0/1' } })
    .toBuffer();
});
afterAll(() => t.close());

const auditOf = (targetId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('businesses in the console', () => {
  const good = {
    name: 'Sharma Tyres',
    nameHi: 'शर्मा टायर्स',
    description: 'Puncture repair 24x7',
    address: 'NH48, Behror',
    phone: '+91 90000 12345',
    email: 'sharma@example.com',
    status: 'inactive',
    category: 'tyres',
    position: 3,
  };

  it('refuses every call to drivers and users (403) and without a token (401)', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/v1/admin/businesses'],
      ['POST', '/api/v1/admin/businesses'],
      ['PUT', `/api/v1/admin/businesses/${id}`],
      ['DELETE', `/api/v1/admin/businesses/${id}`],
      ['GET', '/api/v1/admin/safety'],
      ['POST', '/api/v1/admin/safety'],
      ['PUT', `/api/v1/admin/safety/${id}`],
      ['DELETE', `/api/v1/admin/safety/${id}`],
    ] as const) {
      expectError(await call(method, url, driver.token, good), 403, messages.forbidden);
      const anon = await t.app.inject({ method, url });
      expect(anon.statusCode, url).toBe(401);
    }
    expect(await t.database.db.select().from(businesses)).toEqual([]);
  });

  it('creates, lists (inactive too), updates and deletes, each audited; drivers see the change', async () => {
    const created = await call('POST', '/api/v1/admin/businesses', admin.token, good);
    expect(created.statusCode, created.body).toBe(200);
    const business = created.json<{ business: AdminBusiness; message: string }>();
    expect(business.message).toBe(messages.business_saved);
    expect(business.business).toMatchObject({ ...good, _id: expect.any(String) });
    const id = business.business._id;

    const list = await call('GET', '/api/v1/admin/businesses', admin.token);
    expect(list.json<{ businesses: AdminBusiness[] }>().businesses).toMatchObject([
      { _id: id, status: 'inactive', position: 3 },
    ]);

    const updated = await call('PUT', `/api/v1/admin/businesses/${id}`, admin.token, {
      name: '  Sharma Tyres & Service ',
      nameHi: '  ',
      category: 'tyres',
      status: 'active',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ business: AdminBusiness }>().business).toMatchObject({
      name: 'Sharma Tyres & Service',
      // A blank Hindi name is no Hindi name: Hindi readers see the English one.
      nameHi: null,
      status: 'active',
      phone: '',
      email: '',
      position: 0,
    });
    const seen = await call('GET', '/api/v1/buisness', driver.token);
    expect(seen.json<{ data: { data: Business[] } }>().data.data.map((b) => b.name)).toEqual([
      'Sharma Tyres & Service',
    ]);

    const removed = await call('DELETE', `/api/v1/admin/businesses/${id}`, admin.token);
    expect(removed.json()).toEqual({
      success: true,
      message: messages.business_deleted,
      code: 'business_deleted',
    });
    expect((await auditOf(id)).map((e) => e.action).sort()).toEqual([
      'business.created',
      'business.deleted',
      'business.updated',
    ]);
    expectError(
      await call('DELETE', `/api/v1/admin/businesses/${id}`, admin.token),
      404,
      messages.business_not_found,
    );
    expectError(
      await call('PUT', `/api/v1/admin/businesses/${id}`, admin.token, good),
      404,
      messages.business_not_found,
    );
    expect((await call('PUT', '/api/v1/admin/businesses/abc', admin.token, good)).statusCode).toBe(
      400,
    );
  });

  it('refuses bad input with the field’s message and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ ...good, name: '  ' }, messages.business_name_required],
      [{ ...good, name: undefined }, messages.business_name_required],
      [{ ...good, phone: '98765-43210' }, messages.business_phone_invalid],
      [{ ...good, phone: 'call me' }, messages.business_phone_invalid],
      [{ ...good, email: 'not-an-email' }, messages.business_email_invalid],
      [{ ...good, status: 'closed' }, messages.business_status_invalid],
      [{ ...good, category: '' }, messages.business_category_required],
      // Categories come from the translated list only (issue #16).
      [{ ...good, category: 'Tyres' }, messages.business_category_required],
      [{ ...good, nameHi: 'न'.repeat(101) }, messages.business_name_too_long],
      [{ ...good, position: -1 }, messages.business_position_invalid],
    ];
    for (const [body, message] of cases) {
      expectError(await call('POST', '/api/v1/admin/businesses', admin.token, body), 400, message);
    }
    expect(await t.database.db.select().from(businesses)).toEqual([]);
  });
});

describe('safety cautions in the console', () => {
  const create = async (fields: Record<string, string>, files: UploadFile[]) => {
    const body = await multipartFiles(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/safety',
      headers: { ...bearer(admin.token), ...body.headers },
      payload: body.payload,
    });
  };
  const adminList = async () =>
    (await call('GET', '/api/v1/admin/safety', admin.token)).json<{
      cautions: AdminSafetyCaution[];
    }>().cautions;
  const publicList = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/all/safety' })).json<{
      data: SafetyCaution[];
    }>().data;
  const uploads = () => filesUnder(join(t.dataDir, 'storage', 'uploads', 'safety'));
  const waitReady = (id: string): Promise<AdminSafetyCaution> =>
    until(`caution ${id} to finish processing`, async () => {
      const found = (await adminList()).find((c) => c._id === id);
      return found && found.status !== 'processing' ? found : undefined;
    });
  const video: UploadFile = {
    field: 'video',
    data: Buffer.alloc(0),
    filename: 'clip.mp4',
    type: 'video/mp4',
  };

  it('refuses a missing note, no media, a non-image as image, and stores nothing', async () => {
    const image = { field: 'image', data: pngImage(8, 8), filename: 'a.png', type: 'image/png' };
    expectError(await create({}, [image]), 400, messages.safety_note_required);
    expectError(await create({ note: '  ' }, [image]), 400, messages.safety_note_required);
    expectError(await create({ note: 'Fog' }, []), 400, messages.safety_media_required);
    const fake = { field: 'image', data: fakeImage, filename: 'x.jpg', type: 'image/jpeg' };
    expect((await create({ note: 'Fog' }, [fake])).json()).toMatchObject({ code: 'image_type' });
    const asVideo = { ...image, field: 'video' };
    expect((await create({ note: 'Fog' }, [asVideo])).json()).toMatchObject({ code: 'video_type' });
    expect((await create({ note: 'Fog' }, [image, image])).json()).toMatchObject({
      code: 'safety_one_file',
    });
    expect(await uploads()).toEqual([]);
    expect(await t.database.db.select().from(safetyCautions)).toEqual([]);
  });

  it('processes image and video through the real worker; the public list shows only ready ones', async () => {
    const res = await create({ note: 'Landslide near Kasara ghat' }, [
      { ...video, data: clip },
      { field: 'image', data: photo, filename: 'IMG.JPG', type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { caution } = res.json<{ caution: AdminSafetyCaution }>();
    expect(caution).toMatchObject({ status: 'processing', image: null, video: null });
    expect(await publicList()).toEqual([]);

    const ready = await waitReady(caution._id);
    expect(ready).toMatchObject({
      status: 'ready',
      video: `/media/safety/${caution._id}/video.mp4`,
      poster: `/media/safety/${caution._id}/poster.jpg`,
      image: `/media/safety/${caution._id}/image.jpg`,
    });
    const [row] = await t.database.db
      .select()
      .from(safetyCautions)
      .where(eq(safetyCautions.id, caution._id));
    expect(row).toMatchObject({ rawImageKey: null, rawVideoKey: null });
    expect(await uploads()).toEqual([]);

    const mp4 = (await t.app.inject({ method: 'GET', url: ready.video ?? '' })).rawPayload;
    expect(isFaststart(mp4)).toBe(true);
    const image = (await t.app.inject({ method: 'GET', url: ready.image ?? '' })).rawPayload;
    const meta = await sharp(image).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.height).toBeLessThanOrEqual(1920);
    const poster = await t.app.inject({ method: 'GET', url: ready.poster ?? '' });
    expect(poster.headers['content-type']).toBe('image/jpeg');

    expect((await publicList()).map((c) => c._id)).toEqual([caution._id]);

    // Edit the note.
    expectError(
      await call('PUT', `/api/v1/admin/safety/${caution._id}`, admin.token, { note: '' }),
      400,
      messages.safety_note_required,
    );
    const edited = await call('PUT', `/api/v1/admin/safety/${caution._id}`, admin.token, {
      note: 'Landslide cleared, one lane open',
    });
    expect(edited.json<{ caution: AdminSafetyCaution }>().caution.note).toBe(
      'Landslide cleared, one lane open',
    );

    // Delete: row and every file gone.
    const stored = join(t.dataDir, 'storage', 'public', 'safety', caution._id);
    expect((await filesUnder(stored)).length).toBeGreaterThan(0);
    const gone = await call('DELETE', `/api/v1/admin/safety/${caution._id}`, admin.token);
    expect(gone.json()).toEqual({
      success: true,
      message: messages.safety_deleted,
      code: 'safety_deleted',
    });
    expect(await filesUnder(stored)).toEqual([]);
    expect(await publicList()).toEqual([]);
    expect((await auditOf(caution._id)).map((e) => e.action).sort()).toEqual([
      'safety.created',
      'safety.deleted',
      'safety.updated',
    ]);
    expectError(
      await call('DELETE', `/api/v1/admin/safety/${caution._id}`, admin.token),
      404,
      messages.safety_not_found,
    );
  });

  it('a refused image fails the caution and leaves none of its processed video served', async () => {
    // A PNG by its first bytes that no decoder can read.
    const broken = pngImage(20, 20).subarray(0, 60);
    const res = await create({ note: 'Flooded underpass' }, [
      { ...video, data: clip },
      { field: 'image', data: broken, filename: 'flood.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { caution } = res.json<{ caution: AdminSafetyCaution }>();
    const failed = await waitReady(caution._id);
    expect(failed).toMatchObject({ status: 'failed', image: null, video: null, poster: null });
    expect(failed.failureReason).toBe(messages.media_image_damaged);
    expect(await filesUnder(join(t.dataDir, 'storage', 'public', 'safety', caution._id))).toEqual(
      [],
    );
    await call('DELETE', `/api/v1/admin/safety/${caution._id}`, admin.token);
    expect(await uploads()).toEqual([]);
  });

  it('an image alone is enough; deleting it leaves no file', async () => {
    const res = await create({ note: 'Fog on the expressway' }, [
      { field: 'image', data: pngImage(20, 20), filename: 'fog.png', type: 'image/png' },
    ]);
    const { caution } = res.json<{ caution: AdminSafetyCaution }>();
    const ready = await waitReady(caution._id);
    expect(ready).toMatchObject({ status: 'ready', video: null, poster: null });
    expect(ready.image).toMatch(new RegExp(`^/media/safety/${caution._id}/image\\.(png|jpg)$`));
    await call('DELETE', `/api/v1/admin/safety/${caution._id}`, admin.token);
    expect(await filesUnder(join(t.dataDir, 'storage', 'public', 'safety'))).toEqual([]);
    expect(await uploads()).toEqual([]);
  });
});
