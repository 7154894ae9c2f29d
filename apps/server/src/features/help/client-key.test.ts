import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpCalls, helpLimits, messages } from '@saathi/contract';
import { helpRequestKeys, helpRequests, notifications } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { quickUser } from '../../../test/feed-helpers.js';
import { bearer, type TestApp, type TestUser, startTestApp } from '../../../test/harness.js';

/** A request the phone could not confirm is sent again with its key: it must count once. */
describe('help requests with the phone key (clientRequestId)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await quickUser(t, { usertype: 'admin' });
  });
  afterAll(() => t.close());

  const body = (source: 'help' | 'team' | 'sos', clientRequestId?: string) => ({
    location: 'Vapi, Gujarat',
    helpnumber: '+91 90000 20001',
    latitude: 20.3893,
    longitude: 72.9106,
    contactName: 'Support Team',
    source,
    ...(clientRequestId ? { clientRequestId } : {}),
  });
  const send = (u: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: helpCalls.send.path, headers: bearer(u.token), payload });
  const sendOk = async (u: TestUser, payload: object) => {
    const res = await send(u, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: true; message: string; id: string }>().id;
  };
  const requestsOf = (u: TestUser) =>
    t.database.db.select().from(helpRequests).where(eq(helpRequests.userId, u.user.id));
  const adminNotices = async (u: TestUser) =>
    (
      await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, admin.user.id))
    ).filter((n) => n.actorId === u.user.id);

  it('answers a retry with the same key with the same request, uncounted and untold', async () => {
    const driver = await quickUser(t);
    const key = randomUUID();
    const first = await sendOk(driver, body('sos', key));
    const again = await send(driver, body('sos', key));
    expect(again.json()).toEqual({
      success: true,
      message: messages.help_sent,
      code: 'help_sent',
      id: first,
    });
    const rows = await requestsOf(driver);
    expect(rows).toHaveLength(1);
    // Not a repeat of the driver's: the same press arriving twice.
    expect(rows[0]?.repeatCount).toBe(1);
    expect(await adminNotices(driver)).toHaveLength(1);
  });

  it('makes one request of two sends with one key arriving together', async () => {
    const driver = await quickUser(t);
    const key = randomUUID();
    // A help tap (no repeat merge across different numbers) so only the key can join them.
    const ids = await Promise.all([
      sendOk(driver, body('help', key)),
      sendOk(driver, { ...body('help', key), helpnumber: '+91 90000 20002' }),
    ]);
    expect(ids[0]).toBe(ids[1]);
    expect(await requestsOf(driver)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(helpRequestKeys)
        .where(eq(helpRequestKeys.clientRequestId, key)),
    ).toHaveLength(1);
  });

  it("keeps another driver's request with the same key apart", async () => {
    const key = randomUUID();
    const one = await quickUser(t);
    const two = await quickUser(t);
    const a = await sendOk(one, body('sos', key));
    const b = await sendOk(two, body('sos', key));
    expect(a).not.toBe(b);
    expect(await requestsOf(two)).toHaveLength(1);
  });

  it('counts a second press with its own key as a repeat, and its retry not again', async () => {
    const driver = await quickUser(t);
    const firstKey = randomUUID();
    const secondKey = randomUUID();
    const first = await sendOk(driver, body('sos', firstKey));
    expect(await sendOk(driver, body('sos', secondKey))).toBe(first);
    expect(await sendOk(driver, body('sos', secondKey))).toBe(first);
    expect(await sendOk(driver, body('sos', firstKey))).toBe(first);
    const rows = await requestsOf(driver);
    expect(rows.map((r) => r.repeatCount)).toEqual([2]);
  });

  it('answers a retry even once the flood limit is reached', async () => {
    const driver = await quickUser(t);
    const key = randomUUID();
    const first = await sendOk(driver, body('help', key));
    for (let i = 1; i < helpLimits.requestsPerWindow; i += 1) {
      await sendOk(driver, { ...body('help'), helpnumber: `+91 90000 2010${i}` });
    }
    expectError(await send(driver, body('help')), 429, messages.help_too_many, 'help_too_many');
    expect(await sendOk(driver, body('help', key))).toBe(first);
  });

  it('works without a key (the spec clients) and refuses a key that is not a UUID', async () => {
    const driver = await quickUser(t);
    expect(await sendOk(driver, body('team'))).toBeTruthy();
    expectError(
      await send(driver, { ...body('team'), clientRequestId: 'abc' }),
      400,
      messages.help_client_request_id_invalid,
    );
    expect(await requestsOf(driver)).toHaveLength(1);
  });
});
