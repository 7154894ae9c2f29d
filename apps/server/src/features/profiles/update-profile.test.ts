import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProfileImage, limits, messages, selfUser, type SelfUser } from '@saathi/contract';
import { users } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { fakeImage, pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  filesUnder,
  multipart,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

type Photo = { data: Buffer; filename: string; type: string };

/** A phone photo: 1200x800 JPEG whose EXIF carries the camera, the owner and a GPS position. */
async function gpsPhoto(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 40, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Saathi Test Phone', Artist: 'Ramesh Kumar' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 4/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '72/1 52/1 0/1',
      },
    })
    .toBuffer();
}

const jpeg = (data: Buffer): Photo => ({ data, filename: 'IMG_0001.jpg', type: 'image/jpeg' });

describe('PUT /api/v1/me/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const storageDir = () => join(t.dataDir, 'storage');
  const avatarFiles = async () =>
    (await filesUnder(join(storageDir(), 'public', 'avatars')))
      .filter((f) => !f.endsWith('.meta'))
      .sort();
  const uploads = () => filesUnder(join(storageDir(), 'uploads'));

  async function update(token: string | undefined, fields: Record<string, string>, photo?: Photo) {
    const form = await multipart(fields, photo ? { photo } : {});
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { ...form.headers, ...(token ? bearer(token) : {}) },
      payload: form.payload,
    });
  }

  async function rowOf(u: TestUser) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    if (!row) throw new Error('user row missing');
    return row;
  }

  function expectUpdated(res: Awaited<ReturnType<typeof update>>): SelfUser {
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: true; message: string; user: SelfUser };
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success', 'user']);
    expect(body.message).toBe(messages.profile_updated);
    expect(res.body).not.toMatch(/argon2|password/i);
    return selfUser.parse(body.user);
  }

  /** Runs a refused update and proves nothing changed: the row, the avatars, the uploads. */
  async function expectUnchanged(u: TestUser, call: () => ReturnType<typeof update>) {
    const before = { row: await rowOf(u), avatars: await avatarFiles() };
    const res = await call();
    expect({ row: await rowOf(u), avatars: await avatarFiles() }).toEqual(before);
    expect(await uploads()).toEqual([]);
    return res;
  }

  it('changes the name and the number visibility and answers the updated SelfUser', async () => {
    const me = await quickUser(t, { name: 'Old Name' });
    const user = expectUpdated(
      await update(me.token, { name: '  Ramesh Kumar  ', showNumber: 'true' }),
    );
    expect(user).toMatchObject({
      _id: me.user.id,
      name: 'Ramesh Kumar',
      number: me.user.phone,
      showNumber: true,
      profileImage: { url: defaultProfileImage },
    });
    expect(await rowOf(me)).toMatchObject({ name: 'Ramesh Kumar', showNumber: true });

    // Only what is sent changes.
    const again = expectUpdated(await update(me.token, { showNumber: 'false' }));
    expect(again).toMatchObject({ name: 'Ramesh Kumar', showNumber: false });
    expect(await rowOf(me)).toMatchObject({ name: 'Ramesh Kumar', showNumber: false });

    // Both ends of the name rule are accepted.
    expect(expectUpdated(await update(me.token, { name: 'Ra' })).name).toBe('Ra');
    const thirty = 'R'.repeat(limits.nameMax);
    expect(expectUpdated(await update(me.token, { name: thirty })).name).toBe(thirty);
  });

  it.each([
    ['one letter', 'R'],
    ['31 letters', 'R'.repeat(31)],
    ['only spaces around one letter', '   R   '],
    ['nothing', ''],
  ])('refuses a name of %s with 400 name_length and changes nothing', async (_label, name) => {
    const me = await quickUser(t, { name: 'Kept Name' });
    const res = await expectUnchanged(me, () => update(me.token, { name }));
    expectError(res, 400, messages.name_length, 'name_length');
  });

  it('refuses a bad showNumber value with 400 and changes nothing', async () => {
    const me = await quickUser(t);
    const res = await expectUnchanged(me, () => update(me.token, { showNumber: 'yes' }));
    expect(res.statusCode, res.body).toBe(400);
  });

  it('stores the photo square, 512x512 JPEG, with its EXIF and GPS stripped, served from /media', async () => {
    const me = await quickUser(t);
    const source = await gpsPhoto();
    // The source really carries the data that must go.
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif?.toString('latin1')).toContain('Ramesh Kumar');
    expect(sourceMeta.exif?.toString('latin1')).toContain('PhoneCo');

    const user = expectUpdated(await update(me.token, { name: 'Photo Owner' }, jpeg(source)));
    expect(user.profileImage.url).toMatch(/^\/media\/avatars\/[0-9a-f-]+\/[0-9a-f-]+\.jpg$/);
    expect(user.name).toBe('Photo Owner');
    const row = await rowOf(me);
    expect(row.profileImage).toBe(`public${user.profileImage.url.replace(/^\/media/, '')}`);

    const stored = await readFile(join(storageDir(), row.profileImage ?? 'missing'));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(stored.toString('latin1')).not.toMatch(/PhoneCo|Ramesh Kumar|Saathi Test Phone/);

    const served = await t.app.inject({ method: 'GET', url: user.profileImage.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/jpeg/);
    expect(served.rawPayload.equals(stored)).toBe(true);

    // The photo shows on the public profile too.
    const viewer = await quickUser(t);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/profile/${me.user.id}`,
      headers: bearer(viewer.token),
    });
    expect(profile.json()).toMatchObject({
      profile: { user: { profileImage: { url: user.profileImage.url } } },
    });
    expect(await uploads()).toEqual([]);
  });

  it('deletes the previous photo when it is replaced, and when it is removed', async () => {
    const me = await quickUser(t);
    const first = expectUpdated(await update(me.token, {}, jpeg(await gpsPhoto())));
    const firstFile = join(storageDir(), `public${first.profileImage.url.replace(/^\/media/, '')}`);
    await expect(readFile(firstFile)).resolves.toBeInstanceOf(Buffer);

    const png = { data: pngImage(64, 32), filename: 'avatar.png', type: 'image/png' };
    const second = expectUpdated(await update(me.token, {}, png));
    expect(second.profileImage.url).not.toBe(first.profileImage.url);
    const secondFile = join(
      storageDir(),
      `public${second.profileImage.url.replace(/^\/media/, '')}`,
    );
    await expect(readFile(firstFile)).rejects.toThrow();
    expect((await sharp(await readFile(secondFile)).metadata()).format).toBe('jpeg');
    const mine = (await avatarFiles()).filter((f) => f.includes(me.user.id));
    expect(mine).toHaveLength(1);

    const removed = expectUpdated(await update(me.token, { removePhoto: 'true' }));
    expect(removed.profileImage.url).toBe(defaultProfileImage);
    expect((await rowOf(me)).profileImage).toBeNull();
    await expect(readFile(secondFile)).rejects.toThrow();
    // Neither the photos nor their sidecar files stay behind.
    const left = await filesUnder(join(storageDir(), 'public', 'avatars'));
    expect(left.filter((f) => f.includes(me.user.id))).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: second.profileImage.url });
    expect(gone.statusCode).toBe(404);
    expect(await uploads()).toEqual([]);
  });

  it('refuses a photo that is not an image with 400 photo_type and changes nothing', async () => {
    const me = await quickUser(t);
    expectUpdated(await update(me.token, {}, jpeg(await gpsPhoto())));
    for (const photo of [
      { data: fakeImage, filename: 'photo.jpg', type: 'image/jpeg' },
      { data: Buffer.from('GIF89a' + 'x'.repeat(200)), filename: 'a.gif', type: 'image/gif' },
    ]) {
      const res = await expectUnchanged(me, () => update(me.token, { name: 'New Name' }, photo));
      expectError(res, 400, messages.photo_type, 'photo_type');
    }
  });

  it('refuses a valid photo together with an invalid name, keeping the old photo', async () => {
    const me = await quickUser(t);
    expectUpdated(await update(me.token, {}, jpeg(await gpsPhoto())));
    const res = await expectUnchanged(me, async () =>
      update(me.token, { name: 'X' }, jpeg(await gpsPhoto())),
    );
    expectError(res, 400, messages.name_length, 'name_length');
  });

  it('refuses a photo over 10 MB with 413 while it is still arriving, changing nothing', async () => {
    const me = await quickUser(t);
    const boundary = 'saathi-boundary-413';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig Photo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    // A PNG that goes on past the cap and then stalls: the body never ends, so an answer can
    // only come from a server that refuses while the file is still streaming in.
    const png = pngImage(4, 4, limits.postImageMaxBytes + 1024 * 1024);
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent === 0) this.push(head);
        if (sent >= png.length) return;
        const chunk = png.subarray(sent, sent + 256 * 1024);
        sent += chunk.length;
        this.push(chunk);
      },
    });
    const before = { row: await rowOf(me), avatars: await avatarFiles() };
    const res = await Promise.race([
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/profile',
        headers: {
          ...bearer(me.token),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no answer while the upload was streaming')), 15_000),
      ),
    ]);
    body.destroy();
    expectError(res, 413, messages.photo_too_large, 'photo_too_large');
    expect(sent).toBeGreaterThan(limits.postImageMaxBytes);
    expect({ row: await rowOf(me), avatars: await avatarFiles() }).toEqual(before);
    expect(await uploads()).toEqual([]);
  });

  it('401 without a token, and no file is kept', async () => {
    const res = await update(undefined, { name: 'Nobody' }, jpeg(await gpsPhoto()));
    expectError(res, 401, messages.not_signed_in, 'not_signed_in');
    expect(await uploads()).toEqual([]);
  });
});
