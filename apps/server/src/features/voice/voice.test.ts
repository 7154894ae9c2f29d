import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  limits,
  voiceNoteEvent,
  voiceMineEvent,
  voiceRemovedEvent,
  voiceStreamPath,
  type AudioItem,
  type VoiceNote,
} from '@saathi/contract';
import { voiceNotes } from '../../db/schema/index.js';
import { probeMedia } from '../../media/probe.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { ffmpeg, inPairs, mediaDir } from '../../../test/fixtures-media.js';
import {
  bearer,
  blockUser,
  filesUnder,
  multipart,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { openSse, type SseClient } from '../../../test/sse-client.js';
import { until } from '../../../test/until.js';

let t: TestApp;
let base: string;
let media: Awaited<ReturnType<typeof mediaDir>>;
/** What Chrome's MediaRecorder sends: 2 s of WebM/Opus. */
let webm: Buffer;
/** Safari's MP4/AAC recording. */
let safari: Buffer;
/** 5 min 3 s: longer than a recording may be. */
let tooLong: Buffer;
let png: Buffer;
const clients: SseClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ workers: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  media = await mediaDir();
  const sine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`];
  await inPairs([
    () =>
      ffmpeg([...sine(2), '-ac', '1', '-c:a', 'libopus', '-f', 'webm', join(media.dir, 'a.webm')]),
    () => ffmpeg([...sine(2), '-ac', '1', '-c:a', 'aac', '-f', 'mp4', join(media.dir, 'a.mp4')]),
    () =>
      ffmpeg([
        ...sine(limits.voiceMaxSeconds + 3),
        ...['-ac', '1', '-ar', '8000', '-c:a', 'libopus', '-b:a', '6k'],
        ...['-f', 'webm', join(media.dir, 'long.webm')],
      ]),
  ]);
  webm = await readFile(join(media.dir, 'a.webm'));
  safari = await readFile(join(media.dir, 'a.mp4'));
  tooLong = await readFile(join(media.dir, 'long.webm'));
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
  await media.cleanup();
});

const storageDir = (...parts: string[]) => join(t.dataDir, 'storage', ...parts);

async function send(
  u: TestUser,
  file: { data: Buffer; filename?: string; type?: string } | null,
  opts: { field?: string; url?: string; fields?: Record<string, string> } = {},
) {
  const body = await multipart(
    opts.fields ?? {},
    file
      ? {
          [opts.field ?? 'voice']: {
            data: file.data,
            filename: file.filename ?? 'voice.webm',
            type: file.type ?? 'audio/webm',
          },
        }
      : {},
  );
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/voice/upload',
    headers: { ...bearer(u.token), ...body.headers },
    payload: body.payload,
  });
}

async function upload(u: TestUser, data = webm): Promise<VoiceNote> {
  const res = await send(u, { data });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: VoiceNote }).data;
}

async function list(
  u: TestUser,
  query = '',
): Promise<{ notes: VoiceNote[]; nextCursor: string | null }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/voice/list${query}`,
    headers: bearer(u.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { notes: VoiceNote[]; nextCursor: string | null };
}

async function audios(u: TestUser): Promise<AudioItem[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/audio', headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { audios: AudioItem[] }).audios;
}

const settled = (u: TestUser, id: string): Promise<VoiceNote> =>
  until(`voice note ${id} to finish processing`, async () => {
    const note = (await list(u)).notes.find((n) => n._id === id);
    return note && note.status !== 'processing' ? note : undefined;
  });

const remove = (u: TestUser, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/voice/delete/${id}`, headers: bearer(u.token) });

const rowCount = async () =>
  (await t.database.db.select({ n: count() }).from(voiceNotes))[0]?.n ?? -1;

/** Proves a refused upload left nothing: no row, no file under uploads/voice. */
async function refused(call: () => ReturnType<typeof send>) {
  const rows = await rowCount();
  const files = await filesUnder(storageDir('uploads', 'voice'));
  const res = await call();
  expect(await rowCount()).toBe(rows);
  // New files only: the worker may meanwhile remove raw files of earlier uploads.
  const after = await filesUnder(storageDir('uploads', 'voice'));
  expect(after.filter((f) => !files.includes(f))).toEqual([]);
  return res;
}

async function jobState(noteId: string): Promise<unknown> {
  const { rows } = await t.database.executeSql(
    "select state from pgboss.job where name = 'voice.process' and data->>'noteId' = $1",
    [noteId],
  );
  return (rows[0] as { state?: string } | undefined)?.state;
}

async function stream(u: TestUser) {
  const client = await openSse(`${base}${voiceStreamPath}`, { cookie: `Token=${u.token}` });
  clients.push(client);
  expect(client.response.status).toBe(200);
  return client;
}

describe('POST /api/voice/upload and processing', () => {
  it('stores the recording as processing, then the worker makes a playable M4A and deletes the raw file', async () => {
    // Shows his number on posts; a voice note still never carries it.
    const me = await quickUser(t, { name: 'Ravi Kumar', showNumber: true });
    const res = await send(me, { data: webm });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; message: string; data: VoiceNote };
    expect(body).toMatchObject({ success: true, message: 'Voice note uploaded!' });
    expect(body.data).toMatchObject({ status: 'processing', url: null, duration: null });
    expect(body.data.user).toMatchObject({ _id: me.user.id, name: 'Ravi Kumar' });
    expect(body.data.user).not.toHaveProperty('number');
    expect(res.body).not.toContain(me.user.phone);

    const ready = await settled(me, body.data._id);
    expect(ready).toMatchObject({ status: 'ready', url: `/media/voice/${ready._id}.m4a` });
    expect(ready.user).not.toHaveProperty('number');
    expect(ready.duration).toBeGreaterThan(1.8);
    // The raw file goes after the note is marked ready (a failed delete must not fail the note).
    await expect
      .poll(() => filesUnder(storageDir('uploads', 'voice', ready._id)), { timeout: 10_000 })
      .toEqual([]);
    const [row] = await t.database.db.select().from(voiceNotes).where(eq(voiceNotes.id, ready._id));
    expect(row).toMatchObject({ rawKey: null, status: 'ready', kind: 'voice' });

    const file = await t.app.inject({ method: 'GET', url: ready.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mp4');
    const path = join(media.dir, 'served.m4a');
    await writeFile(path, file.rawPayload);
    expect(await probeMedia(path)).toMatchObject({
      audioCodec: 'aac',
      hasVideo: false,
      audioChannels: 1,
    });
  });

  it("takes Safari's MP4/AAC recording too", async () => {
    const me = await quickUser(t);
    const res = await send(me, { data: safari, filename: 'voice.mp4', type: 'audio/mp4' });
    expect(res.statusCode, res.body).toBe(200);
    const note = await settled(me, (res.json() as { data: VoiceNote }).data._id);
    expect(note.status).toBe('ready');
  });

  it('refuses files that are not audio, whatever their name says', async () => {
    const me = await quickUser(t);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 0x90)]);
    exe.write('PE\0\0', 0x80, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    for (const data of [png, exe, Buffer.alloc(5000, 7)]) {
      const res = await refused(() => send(me, { data, filename: 'voice.webm' }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'voice_not_audio',
        message: 'This file is not a voice recording. Please record again.',
      });
    }
  });

  it('refuses a recording under 1000 bytes with the spec text', async () => {
    const me = await quickUser(t);
    const res = await refused(() => send(me, { data: webm.subarray(0, 800) }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'voice_too_short',
      message: 'Recording too short. Try again.',
    });
  });

  it('refuses a recording over the size cap while it streams', async () => {
    const me = await quickUser(t);
    const big = Buffer.concat([webm, Buffer.alloc(limits.voiceMaxBytes, 1)]);
    const res = await refused(() => send(me, { data: big }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'voice_too_large' });
  });

  it('needs a file, under the field name voice, and a signed-in caller', async () => {
    const me = await quickUser(t);
    const none = await refused(() => send(me, null));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'voice_required' });
    const wrongField = await refused(() => send(me, { data: webm }, { field: 'file' }));
    expect(wrongField.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/voice/upload' });
    expect(anonymous.statusCode).toBe(401);
    for (const url of ['/api/voice/list', '/api/audio']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('fails a recording longer than 5 minutes with a reason the owner reads', async () => {
    const me = await quickUser(t);
    const note = await settled(me, (await upload(me, tooLong))._id);
    expect(note).toMatchObject({
      status: 'failed',
      url: null,
      failureReason: 'A recording can be at most 5 minutes long.',
    });
    // The raw file goes right after the row says failed.
    await expect.poll(() => filesUnder(storageDir('uploads', 'voice', note._id))).toEqual([]);
    expect(await filesUnder(storageDir('public', 'voice'))).not.toContain(`${note._id}.m4a`);
  });
});

describe('GET /api/voice/list', () => {
  it("shows everyone's ready notes, newest first, and only one's own unready ones", async () => {
    const alice = await quickUser(t, { name: 'Alice' });
    const bob = await quickUser(t, { name: 'Bob' });
    const first = await settled(alice, (await upload(alice))._id);
    const second = await settled(bob, (await upload(bob))._id);
    // A note still processing: only its owner sees it.
    const pending = randomUUID();
    await t.database.db.insert(voiceNotes).values({
      id: pending,
      userId: bob.user.id,
      kind: 'voice',
      status: 'processing',
      bytes: 5000,
    });

    const forAlice = (await list(alice)).notes.map((n) => n._id);
    expect(forAlice).not.toContain(pending);
    expect(forAlice.indexOf(second._id)).toBeLessThan(forAlice.indexOf(first._id));
    expect((await list(bob)).notes.map((n) => n._id)).toContain(pending);

    const page = await list(alice, '?limit=1');
    expect(page.notes).toHaveLength(1);
    expect(page.nextCursor).not.toBeNull();
    const next = await list(alice, `?limit=1&cursor=${page.nextCursor ?? ''}`);
    expect(next.notes[0]?._id).not.toBe(page.notes[0]?._id);

    await blockUser(t, bob.user.id);
    expect((await list(alice)).notes.map((n) => n._id)).not.toContain(second._id);
  });

  it('refuses a broken cursor and a limit out of range', async () => {
    const me = await quickUser(t);
    for (const query of ['?cursor=nonsense', '?limit=0', `?limit=${limits.voicePageMax + 1}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/voice/list${query}`,
        headers: bearer(me.token),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('DELETE /api/voice/delete/{id}', () => {
  it("refuses another user's note and keeps its files; the owner deletes it and its files", async () => {
    const owner = await quickUser(t);
    const other = await quickUser(t);
    const note = await settled(owner, (await upload(owner))._id);
    expect(await filesUnder(storageDir('public', 'voice'))).toContain(`${note._id}.m4a`);

    const refusedRes = await remove(other, note._id);
    expect(refusedRes.statusCode).toBe(403);
    expect(refusedRes.json()).toMatchObject({ code: 'voice_not_owner' });
    expect(await filesUnder(storageDir('public', 'voice'))).toContain(`${note._id}.m4a`);
    expect((await list(other)).notes.map((n) => n._id)).toContain(note._id);

    const watcher = await stream(other);
    const ok = await remove(owner, note._id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: 'Voice note deleted' });
    expect(await filesUnder(storageDir('public', 'voice'))).not.toContain(`${note._id}.m4a`);
    expect((await list(owner)).notes.map((n) => n._id)).not.toContain(note._id);
    expect(voiceRemovedEvent.parse((await watcher.next('removed')).data)).toEqual({
      _id: note._id,
    });

    expect((await remove(owner, note._id)).statusCode).toBe(404);
    expect((await remove(owner, 'not-an-id')).statusCode).toBe(400);
  });

  it('deletes a note still processing together with its raw upload', async () => {
    const owner = await quickUser(t);
    const res = await send(owner, { data: webm });
    const { _id } = (res.json() as { data: VoiceNote }).data;
    expect((await remove(owner, _id)).statusCode).toBe(200);
    // Whether the worker had begun or not, nothing of it stays once its job is over.
    await expect.poll(() => jobState(_id), { timeout: 10_000 }).toBe('completed');
    expect(await filesUnder(storageDir('uploads', 'voice', _id))).toEqual([]);
    expect(await filesUnder(storageDir('public', 'voice'))).not.toContain(`${_id}.m4a`);
  });
});

describe('POST /api/audio/upload and GET /api/audio', () => {
  it("keeps each user's recordings to themselves, apart from Voice Chat", async () => {
    const me = await quickUser(t);
    const other = await quickUser(t);
    const res = await send(
      me,
      { data: webm },
      { url: '/api/audio/upload', field: 'audio', fields: { name: '  Route note  ' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { audio } = res.json() as { success: true; audio: AudioItem };
    expect(audio).toMatchObject({ name: 'Route note', audioUrl: null, status: 'processing' });
    await send(other, { data: webm }, { url: '/api/audio/upload', field: 'audio' });

    const mine = await until('the audio to be ready', async () =>
      (await audios(me)).find((a) => a._id === audio._id && a.status === 'ready'),
    );
    expect(mine).toMatchObject({ status: 'ready', audioUrl: `/media/voice/${audio._id}.m4a` });
    expect((await audios(me)).map((a) => a._id)).toEqual([audio._id]);
    expect((await audios(other)).map((a) => a._id)).not.toContain(audio._id);
    expect((await list(other)).notes.map((n) => n._id)).not.toContain(audio._id);
    expect((await list(me)).notes.map((n) => n._id)).not.toContain(audio._id);
  });

  it('refuses a name that is too long and non-audio files', async () => {
    const me = await quickUser(t);
    const long = await refused(() =>
      send(
        me,
        { data: webm },
        { url: '/api/audio/upload', field: 'audio', fields: { name: 'x'.repeat(101) } },
      ),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'audio_name_too_long' });
    const image = await refused(() =>
      send(me, { data: png }, { url: '/api/audio/upload', field: 'audio' }),
    );
    expect(image.json()).toMatchObject({ code: 'voice_not_audio' });
  });
});

describe('GET /api/v1/voice/stream', () => {
  it("brings another user's new note live, and tells the uploader theirs is ready", async () => {
    const listener = await quickUser(t);
    const speaker = await quickUser(t, { name: 'Speaker', showNumber: true });
    const theirs = await stream(listener);
    const own = await stream(speaker);

    const sent = await upload(speaker);
    const event = await theirs.next('note', 30_000);
    // The event as sent, before the schema would drop an unknown field.
    expect(JSON.stringify(event.data)).not.toContain(speaker.user.phone);
    const live = voiceNoteEvent.parse(event.data);
    expect(live.note).toMatchObject({ _id: sent._id, status: 'ready', user: { name: 'Speaker' } });
    expect(live.note.url).toMatch(/\.m4a$/);
    const mine = voiceMineEvent.parse((await own.next('mine', 30_000)).data);
    expect(mine.note).toMatchObject({ _id: sent._id, status: 'ready' });
    // The uploader's own 'mine' events never reach others.
    expect(theirs.seen.map((e) => e.event)).not.toContain('mine');
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(`${base}${voiceStreamPath}`);
    expect(res.status).toBe(401);
  });
});
