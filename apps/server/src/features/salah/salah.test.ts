import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { bossQueue } from '../../jobs/queue.js';
import {
  bearer,
  blockUser,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createNotificationService } from '../notifications/index.js';
import { dhuhrOn } from './dhuhr.js';
import { sendSalahReminders } from './reminder-job.js';

let t: TestApp;
let driver: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
});
afterAll(() => t.close());

const setSalah = (u: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/update/salah',
    headers: bearer(u.token),
    payload: payload as Record<string, unknown>,
  });

const me = async (u: TestUser) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(u.token) })).json() as {
      user: { remindSalah: string };
    }
  ).user;

describe('POST /api/v1/update/salah', () => {
  it('starts off, switches on and off, and /api/v1/me reports it', async () => {
    expect((await me(driver)).remindSalah).toBe('off');
    const on = await setSalah(driver, { remindSalah: 'on' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ success: true, remindSalah: 'on' });
    expect((await me(driver)).remindSalah).toBe('on');
    expect((await setSalah(driver, { remindSalah: 'off' })).json()).toEqual({
      success: true,
      remindSalah: 'off',
    });
    expect((await me(driver)).remindSalah).toBe('off');
  });

  it.each([[{}], [{ remindSalah: 'yes' }], [{ remindSalah: true }], [{ remindSalah: 'ON' }]])(
    'refuses %j and changes nothing',
    async (payload) => {
      const res = await setSalah(driver, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: "remindSalah must be 'on' or 'off'",
      });
      expect((await me(driver)).remindSalah).toBe('off');
    },
  );

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/update/salah',
      payload: { remindSalah: 'on' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the Dhuhr reminder', () => {
  const newDelhi = { latitude: 28.6139, longitude: 77.209 };
  const mumbai = { latitude: 19.076, longitude: 72.8777 };
  const june15 = { year: 2025, month: 6, day: 15 };
  const june16 = { year: 2025, month: 6, day: 16 };

  it('reminds at Dhuhr of the last location (else New Delhi), once a day, only those who asked', async () => {
    const inMumbai = await newUser(t, { remindSalah: true });
    const nowhere = await newUser(t, { remindSalah: true });
    const off = await newUser(t, { remindSalah: false });
    const blocked = await newUser(t, { remindSalah: true });
    await blockUser(t, blocked.user.id);
    for (const u of [inMumbai, off]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/update/location',
        headers: bearer(u.token),
        payload: mumbai,
      });
      expect(res.statusCode).toBe(200);
    }
    const deps = {
      db: t.database.db,
      notifier: createNotificationService({
        db: t.database.db,
        hub: t.hub,
        jobs: bossQueue(t.jobs.boss),
        log: pino({ level: 'silent' }),
      }),
      fallback: newDelhi,
    };
    const salahFor = async (u: TestUser) =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, u.user.id));

    const delhiDhuhr = dhuhrOn(newDelhi, june15);
    const mumbaiDhuhr = dhuhrOn(mumbai, june15);
    expect(delhiDhuhr.toISOString()).toBe('2025-06-15T06:53:00.000Z');

    // At midnight UTC (noon on the 180° meridian, the band wraps) and a minute before New
    // Delhi's Dhuhr: nobody.
    await sendSalahReminders(deps, new Date('2025-06-15T00:00:00Z'));
    await sendSalahReminders(deps, new Date(delhiDhuhr.getTime() - 60_000));
    expect(await salahFor(nowhere)).toHaveLength(0);

    // At New Delhi's Dhuhr: the user with no location (default city), not yet Mumbai.
    await sendSalahReminders(deps, delhiDhuhr);
    await sendSalahReminders(deps, new Date(delhiDhuhr.getTime() + 60_000));
    const [sent] = await salahFor(nowhere);
    expect(await salahFor(nowhere)).toHaveLength(1);
    expect(sent).toMatchObject({
      kind: 'salah',
      text: '12:23',
      link: '/salah',
      dedupeKey: 'salah:2025-06-15',
    });
    expect(await salahFor(inMumbai)).toHaveLength(0);

    // At Mumbai's Dhuhr (later, further west): the Mumbai user, once however often the job runs.
    await sendSalahReminders(deps, mumbaiDhuhr);
    await sendSalahReminders(deps, new Date(mumbaiDhuhr.getTime() + 5 * 60_000));
    expect(await salahFor(inMumbai)).toHaveLength(1);
    expect((await salahFor(inMumbai))[0]?.text).toBe('12:40');
    expect(await salahFor(off)).toHaveLength(0);
    expect(await salahFor(blocked)).toHaveLength(0);

    // The next day reminds again.
    await sendSalahReminders(deps, dhuhrOn(mumbai, june16));
    expect(await salahFor(inMumbai)).toHaveLength(2);

    // Switched off through the call: no more reminders.
    expect((await setSalah(nowhere, { remindSalah: 'off' })).statusCode).toBe(200);
    await sendSalahReminders(deps, dhuhrOn(newDelhi, june16));
    expect(await salahFor(nowhere)).toHaveLength(1);
  });
});
