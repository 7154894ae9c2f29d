import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminStreamPath,
  attentionCounts,
  helpCalls,
  helpLimits,
  helpRequestView,
  messages,
  type HelpRequestView,
} from '@saathi/contract';
import { auditLog, helpRequests, notifications } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { bearer, type TestApp, type TestUser, startTestApp } from '../../../test/harness.js';
import { openSse, type SseClient } from '../../../test/sse-client.js';

const sendPath = helpCalls.send.path;
const listPath = helpCalls.adminList.path;
const one = (id: string, tail = '') => `${listPath}/${id}${tail}`;

const goodBody = {
  location: 'Vapi, Gujarat',
  helpnumber: '+91 90000 20001',
  latitude: 20.3893,
  longitude: 72.9106,
  contactName: 'Support Team',
  source: 'team',
};

describe('help requests', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  let otherAdmin: TestUser;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await quickUser(t, { usertype: 'admin', name: 'Asha Admin' });
    otherAdmin = await quickUser(t, { usertype: 'admin', name: 'Vikram Admin' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const send = (u: TestUser, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: sendPath,
      headers: bearer(u.token),
      payload: body as object,
    });
  const call = (
    u: TestUser,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: bearer(u.token), payload });
  const sendOk = async (u: TestUser, body: Record<string, unknown> = goodBody) => {
    const res = await send(u, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: true; message: string; id: string }>();
  };
  const auditOf = (targetId: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

  it('stores the request and answers the spec text with its id', async () => {
    const driver = await quickUser(t, { name: 'Ramesh Kumar' });
    const body = await sendOk(driver);
    expect(body).toEqual({
      success: true,
      message: 'Request sent to Admin',
      code: 'help_sent',
      id: body.id,
    });
    const [row] = await t.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, body.id));
    expect(row).toMatchObject({
      userId: driver.user.id,
      location: 'Vapi, Gujarat',
      latitude: 20.3893,
      longitude: 72.9106,
      helpnumber: '+91 90000 20001',
      contactName: 'Support Team',
      source: 'team',
      status: 'open',
    });
  });

  it("takes the spec's two fields alone (location, helpnumber)", async () => {
    const driver = await quickUser(t);
    const { id } = await sendOk(driver, { location: 'Near Kherki Daula toll', helpnumber: '100' });
    const [row] = await t.database.db.select().from(helpRequests).where(eq(helpRequests.id, id));
    expect(row).toMatchObject({ latitude: null, longitude: null, source: 'help', contactName: '' });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const driver = await quickUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ helpnumber: '100' }, messages.help_location_required],
      [{ ...goodBody, location: '   ' }, messages.help_location_required],
      [
        { ...goodBody, location: 'x'.repeat(helpLimits.locationMax + 1) },
        messages.help_location_too_long,
      ],
      [{ ...goodBody, latitude: 91 }, messages.help_latitude_range],
      [{ ...goodBody, latitude: -90.5 }, messages.help_latitude_range],
      [{ ...goodBody, longitude: 180.01 }, messages.help_longitude_range],
      [{ ...goodBody, latitude: '20.1' }, messages.help_latitude_range],
      [{ ...goodBody, longitude: undefined }, messages.help_coordinates_pair],
      [{ ...goodBody, helpnumber: 'call me' }, messages.help_number_invalid],
      [{ ...goodBody, helpnumber: '12' }, messages.help_number_invalid],
      [{ ...goodBody, helpnumber: '+91 98765 43210 12345 678' }, messages.help_number_invalid],
      [{ ...goodBody, source: 'police' }, messages.invalid_input],
    ];
    for (const [body, message] of cases) {
      expectError(await send(driver, body), 400, message);
    }
    const rows = await t.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.userId, driver.user.id));
    expect(rows).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: sendPath, payload: goodBody });
    expectError(res, 401, messages.not_signed_in, 'not_signed_in');
  });

  it('lets a double tap through, stops a flood, and never refuses SOS', async () => {
    const driver = await quickUser(t);
    for (let i = 0; i < helpLimits.requestsPerWindow; i += 1) await sendOk(driver);
    const refused = await send(driver, goodBody);
    expectError(refused, 429, messages.help_too_many, 'help_too_many');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const sos = await sendOk(driver, { ...goodBody, source: 'sos' });
    expect(sos.id).toBeTruthy();
    // Another driver is not held back by the first one's flood.
    await sendOk(await quickUser(t));
  });

  it('merges SOS repeats into one request with a count, live, until it is resolved', async () => {
    const stream = await openSse(`${base}${adminStreamPath}`, { cookie: `Token=${admin.token}` });
    streams.push(stream);
    await stream.next('counts');
    const driver = await quickUser(t, { name: 'Naresh Pal' });
    const sos = { ...goodBody, source: 'sos', helpnumber: '+91 90000 20009' };
    const first = await sendOk(driver, sos);
    expect(helpRequestView.parse((await stream.next('help_request')).data).repeatCount).toBe(1);
    // Panic: two more taps, one from further along the road, one naming another number.
    const second = await sendOk(driver, { ...sos, latitude: 20.4, longitude: 72.92 });
    const third = await sendOk(driver, {
      ...sos,
      helpnumber: '112',
      location: 'Location not available',
      latitude: null,
      longitude: null,
    });
    expect([second.id, third.id]).toEqual([first.id, first.id]);
    expect(second.message).toBe(messages.help_sent);
    // Every repeat reaches the console again, as the same request with its count.
    for (const count of [2, 3]) {
      const event = helpRequestView.parse((await stream.next('help_request')).data);
      expect(event).toMatchObject({ _id: first.id, repeatCount: count, status: 'open' });
    }

    const listed = (await call(admin, 'GET', `${listPath}?limit=50`))
      .json<{ requests: HelpRequestView[] }>()
      .requests.filter((r) => r.user._id === driver.user.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: first.id,
      repeatCount: 3,
      // The last place known: the tap without coordinates keeps it.
      latitude: 20.4,
      longitude: 72.92,
      location: 'Vapi, Gujarat',
      helpnumber: '+91 90000 20009',
    });
    expect(Date.parse(listed[0]?.lastRequestedAt ?? '')).toBeGreaterThan(
      Date.parse(listed[0]?.createdAt ?? ''),
    );
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, admin.user.id), eq(notifications.actorId, driver.user.id)),
      );
    expect(told).toHaveLength(1);

    // A help request is another kind: not merged into the SOS.
    const help = await sendOk(driver, goodBody);
    expect(help.id).not.toBe(first.id);

    // Once the SOS is resolved, the next one is a new request.
    expect(
      (await call(admin, 'POST', one(first.id, '/resolve'), { answer: 'Police sent' })).statusCode,
    ).toBe(200);
    const after = await sendOk(driver, sos);
    expect(after.id).not.toBe(first.id);
    const [row] = await t.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, after.id));
    expect(row).toMatchObject({ repeatCount: 1, status: 'open' });
  });

  it('merges taps arriving together, and not a repeat older than the window', async () => {
    const driver = await quickUser(t);
    const sos = { ...goodBody, source: 'sos' };
    const ids = await Promise.all([1, 2, 3].map(() => sendOk(driver, sos)));
    expect(new Set(ids.map((r) => r.id)).size).toBe(1);
    const [id] = ids.map((r) => r.id);
    await t.database.db
      .update(helpRequests)
      .set({ lastRequestedAt: new Date(Date.now() - (helpLimits.repeatWindowSeconds + 1) * 1000) })
      .where(eq(helpRequests.id, id ?? ''));
    expect((await sendOk(driver, sos)).id).not.toBe(id);
  });

  it('reaches a connected admin stream at once, with counts, and notifies every admin', async () => {
    const stream = await openSse(`${base}${adminStreamPath}`, { cookie: `Token=${admin.token}` });
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    const before = attentionCounts.parse((await stream.next('counts')).data);

    const driver = await quickUser(t, { name: 'Suresh Yadav' });
    const { id } = await sendOk(driver, {
      ...goodBody,
      source: 'sos',
      contactName: 'Support Team',
    });
    const event = helpRequestView.parse((await stream.next('help_request')).data);
    expect(event).toMatchObject({
      _id: id,
      user: { _id: driver.user.id, name: 'Suresh Yadav', number: driver.user.phone },
      helpnumber: '+91 90000 20001',
      contactName: 'Support Team',
      location: 'Vapi, Gujarat',
      latitude: 20.3893,
      longitude: 72.9106,
      source: 'sos',
      status: 'open',
      claimedBy: null,
    });
    const counts = attentionCounts.parse((await stream.next('counts')).data);
    expect(counts.openHelpRequests).toBe(before.openHelpRequests + 1);

    for (const who of [admin, otherAdmin]) {
      const rows = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.user.id), eq(notifications.kind, 'help_request')));
      expect(rows.find((r) => r.dedupeKey === `help_request:${id}`)).toMatchObject({
        actorId: driver.user.id,
        text: 'Vapi, Gujarat',
        link: '/admin/help',
      });
    }
  });

  it('refuses drivers and users on the stream', async () => {
    const driver = await quickUser(t);
    const res = await fetch(`${base}${adminStreamPath}`, {
      headers: { cookie: `Token=${driver.token}`, accept: 'text/event-stream' },
    });
    expect(res.status).toBe(403);
  });

  it('refuses every admin call to a driver, a user and a stranger', async () => {
    const driver = await quickUser(t, { usertype: 'driver' });
    const user = await quickUser(t, { usertype: 'user' });
    const { id } = await sendOk(driver);
    const calls: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', listPath],
      ['GET', one(id)],
      ['POST', one(id, '/claim')],
      ['POST', one(id, '/notes'), { text: 'Called him' }],
      ['POST', one(id, '/resolve'), { answer: 'Sorted' }],
    ];
    for (const [method, url, payload] of calls) {
      for (const who of [driver, user]) {
        expectError(await call(who, method, url, payload), 403, messages.forbidden, 'forbidden');
      }
      const anonymous = await t.app.inject({ method, url, payload });
      expectError(anonymous, 401, messages.not_signed_in);
    }
    const [row] = await t.database.db.select().from(helpRequests).where(eq(helpRequests.id, id));
    expect(row).toMatchObject({ status: 'open', claimedBy: null, answer: null });
  });

  it('lists open and claimed requests newest first, filters by status, pages with a cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await sendOk(await quickUser(t), { ...goodBody, source: 'sos' })).id);
    const [a, b, c] = ids as [string, string, string];
    expect((await call(admin, 'POST', one(a, '/claim'))).statusCode).toBe(200);
    expect((await call(admin, 'POST', one(b, '/resolve'), { answer: 'Done' })).statusCode).toBe(
      200,
    );

    const page = async (query: string) => {
      const res = await call(admin, 'GET', `${listPath}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ requests: HelpRequestView[]; nextCursor: string | null }>();
    };
    const active = (await page('limit=50')).requests.map((r) => r._id);
    expect(active.indexOf(c)).toBeLessThan(active.indexOf(a));
    expect(active).not.toContain(b);
    expect((await page('status=resolved')).requests.map((r) => r._id)).toContain(b);
    expect((await page('status=claimed')).requests.map((r) => r._id)).toEqual([a]);
    expect((await page('status=open&limit=50')).requests.map((r) => r._id)).not.toContain(a);

    const first = await page('status=all&limit=2');
    expect(first.requests.map((r) => r._id)).toEqual([c, b]);
    expect(first.nextCursor).toBeTruthy();
    const second = await page(`status=all&limit=2&cursor=${first.nextCursor}`);
    expect(second.requests[0]?._id).toBe(a);

    expectError(
      await call(admin, 'GET', `${listPath}?cursor=nonsense`),
      400,
      messages.cursor_invalid,
    );
    expectError(await call(admin, 'GET', `${listPath}?status=lost`), 400, messages.invalid_input);
  });

  it('claims once, notes, resolves with an answer the driver is told, all audited and live', async () => {
    const stream = await openSse(`${base}${adminStreamPath}`, {
      cookie: `Token=${otherAdmin.token}`,
    });
    streams.push(stream);
    await stream.next('counts');
    const driver = await quickUser(t, { name: 'Mohan Lal' });
    const { id } = await sendOk(driver);
    await stream.next('help_request');

    const claimed = await call(admin, 'POST', one(id, '/claim'));
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<{ request: HelpRequestView }>().request).toMatchObject({
      status: 'claimed',
      claimedBy: { _id: admin.user.id, name: 'Asha Admin' },
    });
    expect(helpRequestView.parse((await stream.next('help_request')).data).status).toBe('claimed');
    // Claiming again is harmless for the holder and refused to anyone else.
    expect((await call(admin, 'POST', one(id, '/claim'))).statusCode).toBe(200);
    expectError(
      await call(otherAdmin, 'POST', one(id, '/claim')),
      409,
      messages.help_already_claimed,
    );

    expectError(
      await call(admin, 'POST', one(id, '/notes'), { text: ' ' }),
      400,
      messages.help_note_required,
    );
    expectError(
      await call(admin, 'POST', one(id, '/notes'), { text: 'x'.repeat(helpLimits.textMax + 1) }),
      400,
      messages.help_text_too_long,
    );
    const noted = await call(otherAdmin, 'POST', one(id, '/notes'), {
      text: 'Called him, no answer',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json<{ note: { text: string; author: { name: string } } }>().note).toMatchObject({
      text: 'Called him, no answer',
      author: { name: 'Vikram Admin' },
    });

    expectError(
      await call(admin, 'POST', one(id, '/resolve'), {}),
      400,
      messages.help_answer_required,
    );
    const resolved = await call(admin, 'POST', one(id, '/resolve'), {
      answer: 'A mechanic from Vapi is on the way.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<{ request: HelpRequestView }>().request).toMatchObject({
      status: 'resolved',
      resolvedBy: { _id: admin.user.id },
      answer: 'A mechanic from Vapi is on the way.',
    });
    expectError(
      await call(admin, 'POST', one(id, '/resolve'), { answer: 'Again' }),
      409,
      messages.help_already_resolved,
    );
    expectError(
      await call(otherAdmin, 'POST', one(id, '/claim')),
      409,
      messages.help_already_resolved,
    );

    const detail = await call(admin, 'GET', one(id));
    expect(detail.json<{ notes: { text: string }[] }>().notes.map((n) => n.text)).toEqual([
      'Called him, no answer',
    ]);

    const told = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: bearer(driver.token),
    });
    expect(told.json<{ notifications: unknown[] }>().notifications).toEqual([
      expect.objectContaining({
        kind: 'help_answered',
        text: 'A mechanic from Vapi is on the way.',
        link: '/help',
        actor: null,
      }),
    ]);

    const audit = await auditOf(id);
    expect(audit.map((e) => [e.action, e.actorId]).sort()).toEqual(
      [
        ['help.claimed', admin.user.id],
        ['help.noted', otherAdmin.user.id],
        ['help.resolved', admin.user.id],
      ].sort(),
    );
    expect(audit.find((e) => e.action === 'help.resolved')?.reason).toBe(
      'A mechanic from Vapi is on the way.',
    );
    // Nothing personal in the log: no phone number, no note text.
    expect(JSON.stringify(audit)).not.toContain(driver.user.phone);
    expect(JSON.stringify(audit)).not.toContain('no answer');
  });

  it('resolving an unclaimed request credits the resolver; unknown ids are 404', async () => {
    const driver = await quickUser(t);
    const { id } = await sendOk(driver);
    const res = await call(admin, 'POST', one(id, '/resolve'), { answer: 'Police informed' });
    expect(res.json<{ request: HelpRequestView }>().request).toMatchObject({
      claimedBy: { _id: admin.user.id },
      resolvedBy: { _id: admin.user.id },
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    const onMissing = [
      call(admin, 'GET', one(missing)),
      call(admin, 'POST', one(missing, '/claim')),
      call(admin, 'POST', one(missing, '/notes'), { text: 'x' }),
    ];
    for (const res of await Promise.all(onMissing)) {
      expectError(res, 404, messages.help_request_not_found);
    }
    expectError(await call(admin, 'GET', one('not-a-uuid')), 400, messages.help_request_not_found);
    expect(await auditOf(missing)).toEqual([]);
  });
});
