import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded, defineCall, messages, photoRule } from '@saathi/contract';
import { expectError } from '../../test/auth.js';
import { multipartFiles } from '../../test/feed-factories.js';
import { pngImage } from '../../test/fixtures.js';
import { filesUnder, type TestApp } from '../../test/harness.js';
import { startWithUploadProbe } from '../../test/probe.js';
import { Conflict } from './errors.js';
import { registerCall } from './register-call.js';

/** What the probe's handler does once it has the upload. */
type Step = 'answer' | 'throw' | 'keep, then throw' | 'keep';

/**
 * A multipart call's files belong to the call until its handler keeps them: whatever ends the
 * call before (a refusal, an error, an answer that uses none) removes them; once kept, even an
 * error after the commit leaves them where the committed row points.
 */
describe('a multipart call hands its files over', () => {
  let t: TestApp;
  const seen: { keys: string[]; handled: number; released: number } = {
    keys: [],
    handled: 0,
    released: 0,
  };
  const probe = defineCall({
    method: 'POST',
    path: '/probe/upload',
    summary: 'Test probe: one photo and what to do with it',
    auth: 'public',
    multipart: {
      fields: z.object({
        step: z.enum(['answer', 'throw', 'keep, then throw', 'keep']),
        refuse: z.literal('no', coded('name_length')).optional(),
      }),
      files: { photo: photoRule('photo_type') },
    },
    response: z.unknown(),
  });
  /** A call that needs its `front` file, and a file in `image` or `video`. */
  const needsFiles = defineCall({
    method: 'POST',
    path: '/probe/needs-files',
    summary: 'Test probe: a required photo, and one of two more',
    auth: 'public',
    multipart: {
      fields: z.object({}),
      files: {
        front: { ...photoRule('photo_type'), required: 'documents_required' },
        image: photoRule('photo_type'),
        video: photoRule('photo_type'),
      },
      anyOf: { fields: ['image', 'video'], code: 'post_media_required' },
    },
    response: z.unknown(),
  });

  beforeAll(async () => {
    t = await startWithUploadProbe((app, auth, upload) => {
      registerCall(
        app,
        auth,
        needsFiles,
        async ({ upload: received }) => {
          seen.handled++;
          return { fields: received.files.map((f) => f.field) };
        },
        { upload },
      );
      registerCall(
        app,
        auth,
        probe,
        async ({ upload: received }) => {
          seen.handled++;
          seen.keys.push(...received.files.map((f) => f.key));
          const step: Step = received.fields.step;
          if (step.startsWith('keep')) received.keep();
          if (step.endsWith('throw')) throw Conflict('number_taken');
          return { success: true };
        },
        {
          upload,
          before: async ({ request }) => {
            if (request.headers['x-refuse']) throw Conflict('number_taken');
            return () => void seen.released++;
          },
        },
      );
    });
  });
  afterAll(() => t.close());

  const png = { field: 'photo', data: pngImage(), filename: 'a.png', type: 'image/png' };

  async function send(
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    photo = png,
  ) {
    seen.keys = [];
    const body = await multipartFiles(fields, [photo]);
    return t.app.inject({
      method: 'POST',
      url: probe.path,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }
  const stored = async () =>
    (await Promise.all(seen.keys.map((key) => t.storage.stat(key)))).filter(Boolean).length;
  const probeFiles = async () => (await filesUnder(`${t.dataDir}/storage/uploads/probe`)).length;

  it('removes the files of an answer that kept none (a photo copied elsewhere)', async () => {
    const res = await send({ step: 'answer' });
    expect(res.statusCode).toBe(200);
    expect(seen.keys).toHaveLength(1);
    expect(await stored()).toBe(0);
  });

  it('removes the files when the handler throws before keeping them', async () => {
    const res = await send({ step: 'throw' });
    expectError(res, 409, messages.number_taken, 'number_taken');
    expect(seen.keys).toHaveLength(1);
    expect(await stored()).toBe(0);
  });

  it('leaves kept files in place, even when the handler throws after its commit', async () => {
    expect((await send({ step: 'keep, then throw' })).statusCode).toBe(409);
    expect(await stored()).toBe(1);
    expect((await send({ step: 'keep' })).statusCode).toBe(200);
    expect(await stored()).toBe(1);
  });

  it('refuses bad fields by their code without calling the handler, and removes the files', async () => {
    const handled = seen.handled;
    const before = await probeFiles();
    const res = await send({ step: 'keep', refuse: 'yes' });
    expectError(res, 400, messages.name_length, 'name_length');
    expect(seen.handled).toBe(handled);
    expect(await probeFiles()).toBe(before);
  });

  it('refuses before reading the body, and releases what `before` held however the call ends', async () => {
    const handled = seen.handled;
    const released = seen.released;
    expect((await send({ step: 'keep' }, { 'x-refuse': '1' })).statusCode).toBe(409);
    expect(seen.handled).toBe(handled);
    expect(seen.released).toBe(released);
    await send({ step: 'throw' });
    await send({ step: 'answer' });
    const notAPhoto = { ...png, data: Buffer.alloc(5000, 'x') };
    expectError(
      await send({ step: 'keep' }, {}, notAPhoto),
      400,
      messages.photo_type,
      'photo_type',
    );
    expect(seen.released).toBe(released + 3);
  });

  it('refuses a request without a file its call requires, by its code, before the handler', async () => {
    const sendFiles = async (fields: string[]) => {
      const body = await multipartFiles(
        {},
        fields.map((field) => ({ ...png, field })),
      );
      return t.app.inject({
        method: 'POST',
        url: needsFiles.path,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const handled = seen.handled;
    const before = await probeFiles();
    expectError(await sendFiles(['image']), 400, messages.documents_required, 'documents_required');
    expectError(
      await sendFiles(['front']),
      400,
      messages.post_media_required,
      'post_media_required',
    );
    expect(seen.handled).toBe(handled);
    expect(await probeFiles()).toBe(before);
    const sent = await sendFiles(['front', 'video']);
    expect(sent.json()).toEqual({ fields: ['front', 'video'] });
    expect(seen.handled).toBe(handled + 1);
  });
});
