import { parse as parseDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type LatestExport } from '@saathi/contract';
import { dataExports, notifications } from '../../db/schema/index.js';
import { readAll } from '../../storage/storage.js';
import { expectError } from '../../../test/auth.js';
import { fillAccount, pdf, type FilledAccount } from '../../../test/account-data.js';
import {
  bearer,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { until } from '../../../test/until.js';
import { purgeExpiredExports } from './export/purge.js';

let t: TestApp;
let other: TestUser;
let filled: FilledAccount;
beforeAll(async () => {
  t = await startTestApp({ workers: true });
  other = await newUser(t, { name: 'Staying Salma' });
  filled = await fillAccount(t, other);
});
afterAll(() => t.close());

const ask = (u: TestUser, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/me/export',
    headers: bearer(u.token),
    payload: body,
  });
const latest = async (u: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me/export',
    headers: bearer(u.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ export: LatestExport }>().export;
};
const ready = (u: TestUser) =>
  until('the archive', async () => {
    const current = await latest(u);
    return current?.status === 'ready' ? current : undefined;
  });
const download = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

function unzip(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  const json = (name: string): unknown => JSON.parse(strFromU8(entries[name] ?? new Uint8Array()));
  return { entries, json };
}

describe('download my data', () => {
  it('builds the archive in a job, tells the owner, and lets only them download it', async () => {
    const { driver } = filled;
    const asked = await ask(driver);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ message: string }>().message).toBe(messages.export_started);
    const current = await ready(driver);
    expect(current.url).toBe(`/api/v1/me/exports/${current._id}`);
    const hours = (Date.parse(current.expiresAt ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, driver.user.id));
    expect(told.filter((n) => n.kind === 'data_export')).toHaveLength(1);

    const url = current.url ?? '';
    expectError(await download(url), 401, messages.not_signed_in);
    expectError(await download(url, other.token), 404, messages.export_not_found);
    const res = await download(url, driver.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = parseDisposition(String(res.headers['content-disposition']));
    expect(disposition.type).toBe('attachment');
    expect(disposition.parameters.filename).toMatch(/^saathi-data-\d{4}-\d{2}-\d{2}\.zip$/);

    const { entries, json } = unzip(res.rawPayload);
    expect(json('account.json')).toMatchObject({
      name: 'Erase Me Ravi',
      number: driver.user.phone,
      verification: 'verified',
    });
    const posts = json('posts.json') as { id: string; video: string | null; images: string[] }[];
    expect(posts.map((p) => p.id).sort()).toEqual([filled.videoPostId, filled.imagePostId].sort());
    for (const post of posts) {
      for (const path of [post.video, ...post.images].filter((p): p is string => !!p)) {
        expect(entries[path], path).toBeDefined();
      }
    }
    const video = posts.find((p) => p.id === filled.videoPostId)?.video ?? '';
    expect(Buffer.from(entries[video] ?? [])).toEqual(
      await readAll(t.storage, `public/posts/${filled.videoPostId}/video.mp4`),
    );
    expect(json('comments.json')).toMatchObject([
      { postId: filled.otherPostId, text: 'Drive safe, bhai' },
    ]);
    expect(json('likes.json')).toMatchObject([{ postId: filled.otherPostId }]);
    expect(json('follows.json')).toMatchObject({
      following: [{ id: other.user.id, name: 'Staying Salma' }],
      followers: [{ id: other.user.id, name: 'Staying Salma' }],
    });
    expect(json('help-requests.json')).toMatchObject([
      { source: 'team', location: 'Vapi, Gujarat' },
    ]);
    expect(json('locations.json')).toMatchObject({
      last: { latitude: 20.39, longitude: 72.91 },
      history: [{ latitude: 20.39 }],
    });
    const voice = json('voice-notes.json') as { id: string; file: string }[];
    expect(voice.map((v) => v.id)).toEqual([filled.voiceNoteId]);
    expect(strFromU8(entries[voice[0]?.file ?? ''] ?? new Uint8Array())).toBe('voice bytes');
    const card = json('id-card.json') as { fatherName: string; photo: string };
    expect(card.fatherName).toBe('Suresh Kumar');
    expect(entries[card.photo]).toBeDefined();
    // The vault stays out without its password.
    expect(Object.keys(entries).filter((name) => name.startsWith('vault'))).toEqual([]);
    // Nothing of another person beyond the public names of follows.
    expect(strFromU8(entries['follows.json'] ?? new Uint8Array())).not.toContain(other.user.phone);
  });

  it('adds the vault, decrypted, only with the vault password', async () => {
    const { driver } = filled;
    expectError(
      await ask(driver, { vaultPassword: 'wrong' }),
      401,
      messages.vault_password_invalid,
    );
    const asked = await ask(driver, { vaultPassword: driver.password });
    expect(asked.statusCode, asked.body).toBe(200);
    const current = await ready(driver);
    const { entries, json } = unzip((await download(current.url ?? '', driver.token)).rawPayload);
    const vault = json('vault.json') as { name: string; file: string }[];
    expect(vault).toMatchObject([{ name: 'My DL', type: 'Driving License' }]);
    expect(vault[0]?.file).toMatch(/^vault\/My DL-[0-9a-f]{8}\.pdf$/);
    expect(Buffer.from(entries[vault[0]?.file ?? ''] ?? [])).toEqual(pdf);
  });

  it('ends the link after 24 hours and then deletes the archive', async () => {
    const { driver } = filled;
    const current = await latest(driver);
    if (!current?.url) throw new Error('no archive');
    const [row] = await t.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, current._id));
    const key = row?.storageKey ?? '';
    expect(await t.storage.stat(key)).not.toBeNull();
    const later = new Date(Date.now() + 24 * 3_600_000 + 1000);
    await t.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, current._id));
    expectError(await download(current.url, driver.token), 410, messages.export_expired);
    expect(await latest(driver)).toBeNull();

    expect(await purgeExpiredExports({ db: t.database.db, storage: t.storage }, later)).toBe(2);
    expect(await t.storage.stat(key)).toBeNull();
    expect(await t.database.db.select().from(dataExports)).toEqual([]);
  });
});
