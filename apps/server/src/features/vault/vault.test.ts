import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { parse as parseDisposition } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDocument } from '@saathi/contract';
import { vaultUnlocks } from '../../db/schema/index.js';
import { startSession } from '../../auth/sessions.js';
import { exeBytes, pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  filesUnder,
  multipart,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await newUser(t, {
    usertype: 'driver',
    verification: 'verified',
    password: 'vault-pass-1',
  });
  other = await newUser(t, { password: 'other-pass-1' });
});
afterAll(() => t.close());

const unlock = async (u: TestUser, password = u.password, userId = u.user.id) =>
  t.app.inject({
    method: 'POST',
    url: '/api/personal-documents/verify-password',
    headers: bearer(u.token),
    payload: { userId, password },
  });

async function tokenOf(u: TestUser): Promise<string> {
  const res = await unlock(u);
  expect(res.statusCode).toBe(200);
  return (res.json() as { vaultToken: string }).vaultToken;
}

async function add(
  u: TestUser,
  vault: string | undefined,
  fields: Record<string, string>,
  file?: { data: Buffer; filename: string; type: string },
) {
  const body = await multipart(fields, file ? { document: file } : {});
  return t.app.inject({
    method: 'POST',
    url: '/api/personal-documents/add',
    headers: { ...bearer(u.token), ...body.headers, ...(vault ? { 'x-vault-token': vault } : {}) },
    payload: body.payload,
  });
}

const list = (u: TestUser, vault?: string, payload: object = {}, userId = u.user.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/personal-documents/user/${userId}`,
    headers: { ...bearer(u.token), ...(vault ? { 'x-vault-token': vault } : {}) },
    payload,
  });

describe('unlocking the vault', () => {
  it('asks for the password and refuses a wrong one', async () => {
    expect((await unlock(owner, '')).json()).toMatchObject({
      message: 'Please enter your password',
    });
    const wrong = await unlock(owner, 'not-it');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid password',
      code: 'vault_password_invalid',
    });
  });

  it("refuses another user's id in the body or the path", async () => {
    expect((await unlock(owner, owner.password, other.user.id)).statusCode).toBe(403);
    const vault = await tokenOf(owner);
    expect((await list(owner, vault, {}, other.user.id)).statusCode).toBe(403);
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/personal-documents/count/${other.user.id}`,
      headers: bearer(owner.token),
    });
    expect(count.statusCode).toBe(403);
    const into = await add(
      owner,
      vault,
      { userId: other.user.id, documentType: 'Aadhar', documentName: 'Aadhar' },
      { data: pdf, filename: 'a.pdf', type: 'application/pdf' },
    );
    expect(into.statusCode, into.body).toBe(403);
    expect(into.json()).toMatchObject({ code: 'vault_not_yours' });
  });

  it('stays locked without a token, and with an expired one or one from another session', async () => {
    expect((await list(owner)).json()).toMatchObject({ code: 'vault_locked' });
    const vault = await tokenOf(owner);
    const second = await startSession(t.database.db, t.config.jwtSecret, owner.user.id);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/personal-documents/user/${owner.user.id}`,
      headers: { ...bearer(second.token), 'x-vault-token': vault },
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(403);
    await t.database.db
      .update(vaultUnlocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(vaultUnlocks.userId, owner.user.id));
    expect((await list(owner, vault)).statusCode).toBe(403);
    // The spec's own form: the password in the body opens the list directly.
    expect((await list(owner, undefined, { password: owner.password })).statusCode).toBe(200);
  });

  it('limits password attempts', async () => {
    const u = await newUser(t, { password: 'right-one-1' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await unlock(u, 'wrong')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('documents', () => {
  it('adds, lists, counts, serves and deletes documents for their owner only', async () => {
    const vault = await tokenOf(owner);
    expect(
      (
        await add(
          owner,
          undefined,
          { documentType: 'Aadhar', documentName: 'Aadhar' },
          { data: pdf, filename: 'a.pdf', type: 'application/pdf' },
        )
      ).statusCode,
    ).toBe(403);

    const added = await add(
      owner,
      vault,
      {
        documentType: 'Driving License',
        documentName: 'DL',
        description: 'Heavy vehicle',
        expiresOn: '2027-03-31',
      },
      { data: pdf, filename: 'licence.pdf', type: 'application/pdf' },
    );
    expect(added.statusCode).toBe(200);
    const doc = added.json() as { message: string; document: PersonalDocument };
    expect(doc.message).toBe('Document added successfully!');
    expect(doc.document).toMatchObject({
      documentType: 'Driving License',
      documentName: 'DL',
      description: 'Heavy vehicle',
      expiresOn: '2027-03-31',
    });
    expect(doc.document.file).toMatchObject({ mime: 'application/pdf', name: 'licence.pdf' });
    const image = await add(
      owner,
      vault,
      { documentType: 'PAN Card', documentName: 'PAN' },
      { data: pngImage(30, 20), filename: 'pan.png', type: 'image/png' },
    );
    expect(image.statusCode).toBe(200);

    const listed = (await list(owner, vault)).json() as { documents: PersonalDocument[] };
    expect(listed.documents.map((d) => d.documentName)).toEqual(['DL', 'PAN']);
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/personal-documents/count/${owner.user.id}`,
      headers: bearer(owner.token),
    });
    expect(count.json()).toEqual({ success: true, count: 2 });

    // On disk: encrypted, never the PDF's bytes; never under public/.
    const stored = await filesUnder(join(t.dataDir, 'storage', 'private', 'vault'));
    const bodies = await Promise.all(
      stored
        .filter((f) => !f.endsWith('.meta'))
        .map((f) => readFile(join(t.dataDir, 'storage', 'private', 'vault', f))),
    );
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body.includes(Buffer.from('%PDF'))).toBe(false);

    const url = doc.document.file.url;
    const file = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(owner.token), 'x-vault-token': vault },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) })).statusCode,
    ).toBe(403);
    const otherVault = await tokenOf(other);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url,
          headers: { ...bearer(other.token), 'x-vault-token': otherVault },
        })
      ).statusCode,
    ).toBe(404);

    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/personal-documents/${doc.document._id}`,
      headers: { ...bearer(other.token), 'x-vault-token': otherVault },
      payload: {},
    });
    expect(stranger.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/personal-documents/${doc.document._id}`,
      headers: { ...bearer(owner.token), 'x-vault-token': vault },
      payload: {},
    });
    expect(removed.json()).toEqual({
      success: true,
      message: 'Document deleted successfully!',
      code: 'document_deleted',
    });
    expect(
      (await filesUnder(join(t.dataDir, 'storage', 'private', 'vault'))).filter(
        (f) => !f.endsWith('.meta'),
      ),
    ).toHaveLength(1);
  });

  it('hands a file back under its own name, Devanagari included (RFC 5987 filename*)', async () => {
    const u = await newUser(t, { password: 'hindi-pass-1' });
    const vault = await tokenOf(u);
    const name = 'ड्राइविंग लाइसेंस.pdf';
    const added = await add(
      u,
      vault,
      { documentType: 'Driving License', documentName: 'DL' },
      { data: pdf, filename: name, type: 'application/pdf' },
    );
    expect(added.statusCode, added.body).toBe(200);
    const { document } = added.json() as { document: PersonalDocument };
    expect(document.file.name).toBe(name);

    const file = await t.app.inject({
      method: 'GET',
      url: document.file.url,
      headers: { ...bearer(u.token), 'x-vault-token': vault },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Opened in a tab, a file gets the pages' policy, not the JSON answers' allow-nothing one.
    expect(file.headers['content-security-policy']).toContain("default-src 'self'");
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    const parsed = parseDisposition(disposition);
    expect(parsed.type).toBe('inline');
    expect(parsed.parameters.filename).toBe(name);
  });

  it('refuses files that lie about their type, oversized files and missing fields, keeping nothing', async () => {
    const u = await newUser(t, { password: 'files-pass-1' });
    const vault = await tokenOf(u);
    const exe = await add(
      u,
      vault,
      { documentType: 'Other', documentName: 'Scan' },
      { data: exeBytes, filename: 'scan.pdf', type: 'application/pdf' },
    );
    expect(exe.json()).toMatchObject({ code: 'document_file_type' });
    const big = await add(
      u,
      vault,
      { documentType: 'Other', documentName: 'Big' },
      {
        data: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]),
        filename: 'big.pdf',
        type: 'application/pdf',
      },
    );
    expect(big.statusCode).toBe(413);
    const noName = await add(
      u,
      vault,
      { documentType: 'Other', documentName: ' ' },
      { data: pdf, filename: 'x.pdf', type: 'application/pdf' },
    );
    expect(noName.json()).toMatchObject({ message: 'Please fill all required fields' });
    const noFile = await add(u, vault, { documentType: 'Other', documentName: 'Nothing' });
    expect(noFile.json()).toMatchObject({ message: 'Please fill all required fields' });
    const badType = await add(
      u,
      vault,
      { documentType: 'Ration Card', documentName: 'R' },
      { data: pdf, filename: 'r.pdf', type: 'application/pdf' },
    );
    expect(badType.statusCode).toBe(400);
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/personal-documents/count/${u.user.id}`,
      headers: bearer(u.token),
    });
    expect(count.json()).toEqual({ success: true, count: 0 });
    expect(
      (await filesUnder(join(t.dataDir, 'storage', 'private', 'vault', u.user.id))).length,
    ).toBe(0);
  });
});
