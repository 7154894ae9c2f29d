import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { postImages, users, voiceNotes } from '../src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { newPost } from './feed-factories.js';
import { pngImage } from './fixtures.js';
import { bearer, multipart, nextIp, type TestApp, type TestUser } from './harness.js';
import { driverForm } from './auth.js';

export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** What fillAccount made, to look for afterwards. */
export interface FilledAccount {
  driver: TestUser;
  /** The driver's video post (files in storage) and image post. */
  videoPostId: string;
  imagePostId: string;
  /** Another user's post the driver liked and commented on. */
  otherPostId: string;
  voiceNoteId: string;
  /** Every storage key of the driver's files. */
  keys: string[];
}

async function ok(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  return JSON.parse(res.body) as Record<string, unknown>;
}

async function putFile(t: TestApp, key: string, data: Buffer, type: string) {
  await t.storage.put(key, Readable.from([data]), type);
}

/**
 * A verified driver with something of everything an account holds, made through the real
 * calls where they need no media processing (sign-up with identity images, profile photo,
 * vault, ID card, help request, location, follows, likes, comments, reports), and post and
 * voice-note rows with their files in storage as the workers leave them.
 */
export async function fillAccount(t: TestApp, other: TestUser): Promise<FilledAccount> {
  const number = `9${String(Date.now()).slice(-9)}`;
  const form = await driverForm({ name: 'Erase Me Ravi', number, password: 'chai-1234' });
  const signup = await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: form.headers,
      payload: form.payload,
      remoteAddress: nextIp(),
    }),
    'sign-up',
  );
  const token = signup.Token as string;
  const userId = (signup.user as { _id: string })._id;
  await t.database.db
    .update(users)
    .set({ verification: 'verified', verificationDecidedAt: new Date() })
    .where(eq(users.id, userId));
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('driver missing');
  const driver: TestUser = { user: row, password: 'chai-1234', token };
  const auth = bearer(token);

  const photo = await multipart(
    { name: 'Erase Me Ravi' },
    { photo: { data: pngImage(40, 40), filename: 'me.png', type: 'image/png' } },
  );
  await ok(
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/profile',
      headers: { ...auth, ...photo.headers },
      payload: photo.payload,
    }),
    'profile photo',
  );

  const unlock = await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/personal-documents/verify-password',
      headers: auth,
      payload: { userId, password: driver.password },
    }),
    'vault unlock',
  );
  const vaultForm = await multipart(
    { documentType: 'Driving License', documentName: 'My DL' },
    { document: { data: pdf, filename: 'licence.pdf', type: 'application/pdf' } },
  );
  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/personal-documents/add',
      headers: { ...auth, ...vaultForm.headers, 'x-vault-token': unlock.vaultToken as string },
      payload: vaultForm.payload,
    }),
    'vault add',
  );

  const card = await multipart(
    {
      name: 'Erase Me Ravi',
      fatherName: 'Suresh Kumar',
      designation: 'Driver',
      mobile: number,
      dlNo: 'MH12 20190012345',
      policeStation: 'Hinjewadi',
      city: 'Pune',
      state: 'Maharashtra',
      bloodGroup: 'B+',
      dob: '1988-04-12',
      memberAddress: 'Plot 4, Transport Nagar, Pune',
    },
    { photo: { data: pngImage(60, 80), filename: 'me.png', type: 'image/png' } },
  );
  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/driver-id/apply',
      headers: { ...auth, ...card.headers },
      payload: card.payload,
      remoteAddress: nextIp(),
    }),
    'ID card',
  );

  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/request',
      headers: auth,
      payload: {
        location: 'Vapi, Gujarat',
        helpnumber: '+91 90000 20001',
        latitude: 20.3893,
        longitude: 72.9106,
        contactName: 'Support Team',
        source: 'team',
      },
    }),
    'help request',
  );
  await ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/update/location',
      headers: auth,
      payload: { latitude: 20.39, longitude: 72.91 },
    }),
    'location',
  );

  const video = await newPost(t, userId, { caption: 'Fog on NH48' });
  const videoKeys = [video.videoKey, video.posterKey].filter((k): k is string => !!k);
  for (const key of videoKeys) await putFile(t, key, Buffer.from(`bytes of ${key}`), 'video/mp4');
  const image = await newPost(t, userId, {
    caption: 'Pothole at Vapi',
    videoKey: null,
    posterKey: null,
  });
  const imageKey = `public/posts/${image.id}/0.jpg`;
  await putFile(t, imageKey, pngImage(8, 8), 'image/jpeg');
  await t.database.db.insert(postImages).values({
    id: randomUUID(),
    postId: image.id,
    position: 0,
    key: imageKey,
    width: 8,
    height: 8,
  });
  const voiceNoteId = randomUUID();
  const voiceKey = `public/voice/${voiceNoteId}.m4a`;
  await putFile(t, voiceKey, Buffer.from('voice bytes'), 'audio/mp4');
  await t.database.db.insert(voiceNotes).values({
    id: voiceNoteId,
    userId,
    kind: 'voice',
    status: 'ready',
    mediaKey: voiceKey,
    durationMs: 1200,
    bytes: 11,
  });

  const otherPost = await newPost(t, other.user.id, { caption: 'Other post' });
  await ok(
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/toggle/like/${otherPost.id}`,
      headers: auth,
    }),
    'like',
  );
  await ok(
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/video/${otherPost.id}/comment`,
      headers: auth,
      payload: { comment: 'Drive safe, bhai' },
    }),
    'comment',
  );
  for (const [who, whom] of [
    [token, other.user.id],
    [other.token, userId],
  ] as const) {
    await ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/follow/follow/${whom}`,
        headers: bearer(who),
      }),
      'follow',
    );
  }
  await ok(
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/toggle/like/${video.id}`,
      headers: bearer(other.token),
    }),
    'like of theirs',
  );
  for (const [who, postId] of [
    [other.token, video.id],
    [token, otherPost.id],
  ] as const) {
    await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/video/report',
        headers: bearer(who),
        payload: { videoId: postId, reason: 'Rash driving' },
      }),
      'report',
    );
  }

  const [fresh] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return {
    driver: { ...driver, user: fresh ?? row },
    videoPostId: video.id,
    imagePostId: image.id,
    otherPostId: otherPost.id,
    voiceNoteId,
    keys: [...videoKeys, imageKey, voiceKey],
  };
}
