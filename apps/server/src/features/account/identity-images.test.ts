import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type AdminIdentityDocument } from '@saathi/contract';
import { loadConfig } from '../../config.js';
import { driverForm, expectError } from '../../../test/auth.js';
import {
  bearer,
  filesUnder,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { eraseDecidedIdentityImages } from './identity-images.js';

const DAY_MS = 86_400_000;
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await newUser(t, { usertype: 'admin' });
});
afterAll(() => t.close());

async function registerDriver(number: string): Promise<string> {
  const form = await driverForm({ number });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    headers: form.headers,
    payload: form.payload,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { user: { _id: string } }).user._id;
}

async function documentsOf(userId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/users/${userId}`,
    headers: bearer(admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ user: { verification: string }; documents: AdminIdentityDocument[] }>();
}

const identityFiles = async () =>
  (await filesUnder(join(t.dataDir, 'storage', 'private', 'identity'))).filter(
    (f) => !f.endsWith('.meta'),
  );
const run = (daysLater: number) =>
  eraseDecidedIdentityImages(
    { db: t.database.db, storage: t.storage },
    30,
    new Date(Date.now() + daysLater * DAY_MS),
  );

describe('identity images are kept only as long as needed', () => {
  it('erases the images 30 days after the decision; the driver stays verified', async () => {
    const verified = await registerDriver('9711100001');
    const waiting = await registerDriver('9711100002');
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${verified}/verification`,
      headers: bearer(admin.token),
      payload: { outcome: 'verified' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await identityFiles()).toHaveLength(6);

    expect(await run(29)).toBe(0);
    expect(await identityFiles()).toHaveLength(6);

    expect(await run(31)).toBe(3);
    // Only the undecided driver's images are left.
    expect(await identityFiles()).toHaveLength(3);
    const after = await documentsOf(verified);
    expect(after.user.verification).toBe('verified');
    expect(after.documents).toHaveLength(3);
    for (const doc of after.documents) {
      expect(doc.erasedAt).not.toBeNull();
      const res = await t.app.inject({ method: 'GET', url: doc.url, headers: bearer(admin.token) });
      expectError(res, 410, messages.identity_document_erased);
    }
    const kept = await documentsOf(waiting);
    expect(kept.documents.every((d) => d.erasedAt === null)).toBe(true);
    const image = await t.app.inject({
      method: 'GET',
      url: kept.documents[0]?.url ?? '',
      headers: bearer(admin.token),
    });
    expect(image.statusCode).toBe(200);

    // Erased ones are not erased again.
    expect(await run(60)).toBe(0);
  });

  it('reads the retention from IDENTITY_IMAGE_RETENTION_DAYS, 30 days by default', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: t.dataDir } as const;
    expect(loadConfig(base).identityImageRetentionDays).toBe(30);
    expect(
      loadConfig({ ...base, IDENTITY_IMAGE_RETENTION_DAYS: '7' }).identityImageRetentionDays,
    ).toBe(7);
    expect(() => loadConfig({ ...base, IDENTITY_IMAGE_RETENTION_DAYS: 'soon' })).toThrow(
      /IDENTITY_IMAGE_RETENTION_DAYS/,
    );
  });
});
