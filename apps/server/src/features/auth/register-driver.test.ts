import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limits, messages } from '@saathi/contract';
import { identityDocuments, users } from '../../db/schema/index.js';
import { decryptToBuffer } from '../../storage/encryption.js';
import { driverForm, expectAuthBody, expectError, png } from '../../../test/auth.js';
import { exeBytes, fakeImage, pngImage } from '../../../test/fixtures.js';
import { filesUnder, newUser, nextIp, startTestApp, type TestApp } from '../../../test/harness.js';

const url = '/api/v1/register';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('POST /api/v1/register (driver sign-up)', () => {
  let t: TestApp;
  let storageRoot: string;
  beforeAll(async () => {
    t = await startTestApp();
    storageRoot = join(t.dataDir, 'storage');
  });
  afterAll(() => t.close());

  const send = (form: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url, ...form, remoteAddress: nextIp() });

  const rowCounts = async () => {
    const [u] = await t.database.db.select({ n: count() }).from(users);
    const [d] = await t.database.db.select({ n: count() }).from(identityDocuments);
    return { users: u?.n, documents: d?.n };
  };

  /** Files of the accounts earlier tests created; a refusal must add nothing to them. */
  const kept = new Set<string>();
  const rememberFiles = async () => {
    for (const f of await filesUnder(storageRoot)) kept.add(f);
  };
  let before: { users: number | undefined; documents: number | undefined };
  beforeEach(async () => {
    before = await rowCounts();
  });
  /** No user row, no document row, no file (nor a .part temp file or .meta sidecar). */
  const expectNothingWritten = async () => {
    expect(await rowCounts()).toEqual(before);
    expect((await filesUnder(storageRoot)).filter((f) => !kept.has(f))).toEqual([]);
  };

  it('creates a pending driver and stores the three documents encrypted, privately', async () => {
    const front = pngImage(7, 7, 3000);
    const back = pngImage(8, 8);
    const licence = pngImage(9, 9, 20_000);
    const res = await send(
      await driverForm(
        { name: 'Ravi Kumar', number: '+91 98765 43210', password: 'chai-1234' },
        { aadharFile: png(front), aadharFileBack: png(back), DrivingLicense: png(licence) },
      ),
    );
    const body = expectAuthBody(res);
    expect(body.message).toBe(messages.registered);
    expect(body.user).toMatchObject({
      name: 'Ravi Kumar',
      number: '+919876543210',
      usertype: 'driver',
      verification: 'pending',
      block: { status: 'false', blockedAt: null, reason: null },
    });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const documents = await t.database.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.userId, body.user._id));
    expect(documents.map((d) => d.kind).sort()).toEqual([
      'DrivingLicense',
      'aadharFile',
      'aadharFileBack',
    ]);
    const originals = { aadharFile: front, aadharFileBack: back, DrivingLicense: licence };
    for (const doc of documents) {
      const original = originals[doc.kind];
      expect(doc.mime).toBe('image/png');
      expect(doc.bytes).toBe(original.length);
      expect(doc.storageKey.startsWith(`private/identity/${body.user._id}/`)).toBe(true);

      const onDisk = await readFile(join(storageRoot, doc.storageKey));
      expect(onDisk.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(false);
      expect(onDisk.includes(original.subarray(0, 64))).toBe(false);
      // IV in front, GCM tag behind: the ciphertext is exactly 28 bytes longer.
      expect(onDisk.length).toBe(original.length + 28);
      const plain = await decryptToBuffer(t.config.fileKey, await t.storage.read(doc.storageKey));
      expect(plain.equals(original)).toBe(true);

      // Not reachable by any public address.
      for (const path of [
        `/media/${doc.storageKey}`,
        `/media/${doc.storageKey.slice('private/'.length)}`,
        `/media/../${doc.storageKey}`,
        `/media/%2e%2e/${doc.storageKey}`,
        `/media/..%2f${doc.storageKey}`,
        `/${doc.storageKey}`,
      ]) {
        const got = await t.app.inject({ method: 'GET', url: path });
        expect(got.statusCode, path).toBe(404);
        expect(got.rawPayload.equals(onDisk)).toBe(false);
      }
    }
    await rememberFiles();
  });

  it('judges documents by their bytes, not by the declared type or name', async () => {
    const res = await send(
      await driverForm(
        { number: '9876500001' },
        {
          aadharFile: { data: pngImage(), filename: 'scan.bin', type: 'application/octet-stream' },
        },
      ),
    );
    const body = expectAuthBody(res);
    const [doc] = await t.database.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.userId, body.user._id))
      .then((rows) => rows.filter((r) => r.kind === 'aadharFile'));
    expect(doc?.mime).toBe('image/png');
    await rememberFiles();
  });

  it.each([
    ['text named .png', { data: fakeImage, filename: 'front.png', type: 'image/png' }],
    ['an executable', { data: exeBytes, filename: 'front.jpg', type: 'image/jpeg' }],
    [
      'a GIF',
      {
        data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
        filename: 'a.gif',
        type: 'image/gif',
      },
    ],
  ])('refuses %s as a document, leaving nothing behind', async (_label, file) => {
    const res = await send(await driverForm({ number: '9876500002' }, { DrivingLicense: file }));
    expectError(res, 400, messages.document_not_image, 'document_not_image');
    await expectNothingWritten();
  });

  it.each(['aadharFile', 'aadharFileBack', 'DrivingLicense'])(
    'refuses a form without %s',
    async (field) => {
      const res = await send(await driverForm({ number: '9876500003' }, { [field]: undefined }));
      expectError(res, 400, messages.documents_required, 'documents_required');
      await expectNothingWritten();
    },
  );

  it('refuses a form with no files at all', async () => {
    const res = await send(
      await driverForm(
        { number: '9876500003' },
        { aadharFile: undefined, aadharFileBack: undefined, DrivingLicense: undefined },
      ),
    );
    expectError(res, 400, messages.documents_required, 'documents_required');
    await expectNothingWritten();
  });

  it.each([
    ['no name', { name: undefined }, 'invalid_input'],
    ['a one-letter name', { name: 'R' }, 'name_length'],
    ['a 31-letter name', { name: 'R'.repeat(31) }, 'name_length'],
    ['an empty number', { number: '' }, 'number_required'],
    ['a landline number', { number: '5876543210' }, 'number_invalid'],
    ['an empty password', { password: '' }, 'password_required'],
    ['a 3-character password', { password: 'abc' }, 'password_short'],
  ] as const)('refuses %s with the contract message and removes the files', async (_l, f, code) => {
    const res = await send(await driverForm({ number: '9876500004', ...f }));
    expectError(res, 400, messages[code], code);
    await expectNothingWritten();
  });

  it('refuses a taken number with 409 and removes the uploaded files', async () => {
    await newUser(t, { phone: '+919876500005' });
    before = await rowCounts();
    const res = await send(await driverForm({ number: '098765 00005' }));
    expectError(res, 409, messages.number_taken, 'number_taken');
    await expectNothingWritten();
  });

  it('refuses an unexpected file field', async () => {
    const res = await send(await driverForm({ number: '9876500006' }, { selfie: png() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'invalid_input' });
    await expectNothingWritten();
  });

  it('accepts a document of exactly 10 MB', async () => {
    const exact = pngImage(4, 4, limits.identityImageMaxBytes);
    expect(exact.length).toBe(limits.identityImageMaxBytes);
    const res = await send(await driverForm({ number: '9876500007' }, { aadharFile: png(exact) }));
    expectAuthBody(res);
    await rememberFiles();
  });

  it('refuses a document one byte over 10 MB with 413, while streaming, leaving nothing', async () => {
    const big = pngImage(4, 4, limits.identityImageMaxBytes + 1);
    for (const field of ['aadharFile', 'DrivingLicense']) {
      const res = await send(await driverForm({ number: '9876500008' }, { [field]: png(big) }));
      expectError(res, 413, messages.file_too_large, 'file_too_large');
      await expectNothingWritten();
    }
  });

  it.each([
    ['a JSON body', { 'content-type': 'application/json' }, '{"name":"Ravi"}', 400],
    ['a boundary-less multipart', { 'content-type': 'multipart/form-data' }, 'x', 400],
    ['garbage multipart', { 'content-type': 'multipart/form-data; boundary=zz' }, 'junk', 400],
    [
      'a multipart cut off mid-file',
      { 'content-type': 'multipart/form-data; boundary=zz' },
      '--zz\r\nContent-Disposition: form-data; name="aadharFile"; filename="a.png"\r\n' +
        'Content-Type: image/png\r\n\r\n\x89PNG\r\n',
      400,
    ],
    ['no body', {}, '', 400],
  ] as const)('answers %s with a 4xx, never a 500', async (_label, headers, payload, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    await expectNothingWritten();
  });
});
