import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationHistory, userLocations, users } from '../../db/schema/index.js';
import {
  bearer,
  newPhone,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { purgeLocationHistory } from './purge-job.js';
import { createLocationService } from './service.js';

let t: TestApp;
let driver: TestUser;
let other: TestUser;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
  other = await newUser(t);
});
afterAll(() => t.close());

const send = (u: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/update/location',
    headers: bearer(u.token),
    payload,
  });

const last = (u: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/v1/location/last', headers: bearer(u.token) });

const historyOf = (userId: string) =>
  t.database.db.select().from(locationHistory).where(eq(locationHistory.userId, userId));

describe('POST /api/v1/update/location', () => {
  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/update/location',
      payload: { latitude: 28.6, longitude: 77.2 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the last location from the screen form (numbers) and answers success', async () => {
    const res = await send(driver, { latitude: 19.076012, longitude: 72.877655, accuracy: 12.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const body = (await last(driver)).json() as { location: Record<string, unknown> };
    expect(body.location).toMatchObject({
      latitude: 19.076012,
      longitude: 72.877655,
      accuracy: 12.5,
    });
    expect(typeof body.location.timestamp).toBe('string');
  });

  it("takes the tracker's form: strings with the caller's own driverId", async () => {
    const res = await send(driver, {
      latitude: '28.613900',
      longitude: '77.209000',
      driverId: driver.user.id,
    });
    expect(res.statusCode).toBe(200);
    const body = (await last(driver)).json() as { location: Record<string, unknown> };
    expect(body.location).toMatchObject({ latitude: 28.6139, longitude: 77.209, accuracy: null });
  });

  it("refuses a driverId that is not the caller's, and stores nothing", async () => {
    const before = await historyOf(other.user.id);
    for (const driverId of [other.user.id, randomUUID(), 'someone']) {
      const res = await send(driver, { latitude: '10', longitude: '20', driverId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'location_not_yours',
        message: 'You can only share your own location: driverId must be your own id',
      });
    }
    const [row] = await t.database.db
      .select()
      .from(userLocations)
      .where(eq(userLocations.userId, driver.user.id));
    expect(row?.latitude).not.toBe(10);
    expect(await historyOf(other.user.id)).toEqual(before);
  });

  it.each([
    [{ longitude: 77 }, 'latitude is required'],
    [{ latitude: 28 }, 'longitude is required'],
    [{ latitude: 90.0001, longitude: 77 }, 'latitude must be between -90 and 90'],
    [{ latitude: -91, longitude: 77 }, 'latitude must be between -90 and 90'],
    [{ latitude: 28, longitude: 180.5 }, 'longitude must be between -180 and 180'],
    [{ latitude: '28', longitude: '-181' }, 'longitude must be between -180 and 180'],
    [{ latitude: 'north', longitude: '77' }, 'latitude must be a number, for example 28.6139'],
    [{ latitude: '', longitude: '77' }, 'latitude must be a number, for example 28.6139'],
    [{ latitude: '1e2', longitude: '77' }, 'latitude must be a number, for example 28.6139'],
    [{ latitude: '28', longitude: '0x1F' }, 'longitude must be a number, for example 77.2090'],
    [{ latitude: true, longitude: 77 }, 'latitude must be a number, for example 28.6139'],
    [{ latitude: [28], longitude: 77 }, 'latitude must be a number, for example 28.6139'],
    [{ latitude: 28, longitude: 77, accuracy: -1 }, 'accuracy must be a number of metres'],
    [{ latitude: 28, longitude: 77, accuracy: '5' }, 'accuracy must be a number of metres'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const res = await send(other, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect((await last(other)).json()).toEqual({ success: true, location: null });
  });

  it('adds history for reports apart, but not for a repeat within seconds', async () => {
    const u = await newUser(t);
    await send(u, { latitude: 12.9716, longitude: 77.5946 });
    await send(u, { latitude: 12.9717, longitude: 77.5947 });
    const rows = await historyOf(u.user.id);
    expect(rows).toHaveLength(1);
    // The last location still moved: the driver is never refused.
    const body = (await last(u)).json() as { location: { latitude: number } };
    expect(body.location.latitude).toBe(12.9717);
    // A report two minutes later (the tracker's pace) is a new history row.
    await t.database.db
      .update(locationHistory)
      .set({ recordedAt: new Date(Date.now() - 120_000) })
      .where(eq(locationHistory.userId, u.user.id));
    await send(u, { latitude: 12.98, longitude: 77.6 });
    expect(await historyOf(u.user.id)).toHaveLength(2);
  });

  it('never writes coordinates into the logs', async () => {
    await send(driver, { latitude: 23.456789, longitude: 81.234567 });
    await send(driver, { latitude: '91.123456', longitude: '81.234567' });
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/v1/update/location');
    expect(logged).not.toContain('23.456789');
    expect(logged).not.toContain('81.234567');
    expect(logged).not.toContain('91.123456');
  });
});

describe('privacy', () => {
  it('answers only the caller their own last location', async () => {
    const stranger = await newUser(t);
    await send(driver, { latitude: 26.9124, longitude: 75.7873 });
    expect((await last(stranger)).json()).toEqual({ success: true, location: null });
    const mine = (await last(driver)).json() as { location: { latitude: number } };
    expect(mine.location.latitude).toBe(26.9124);
  });

  it("never puts coordinates in anyone else's answers (profile, follows, suggestions)", async () => {
    await send(driver, { latitude: 26.912401, longitude: 75.787301 });
    const viewer = await newUser(t);
    await send(viewer, { latitude: 26.95, longitude: 75.8 });
    const urls = [
      `/api/v1/user/profile/${driver.user.id}`,
      `/api/follow/stats/${driver.user.id}`,
      '/api/follow/suggestions',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(viewer.token) });
      expect(res.body).not.toContain('26.912401');
      expect(res.body).not.toContain('75.787301');
      expect(res.body).not.toMatch(/latitude|longitude/);
    }
  });
});

describe('follow suggestions', () => {
  it('puts people whose last location is within about 50 km first, nearest first', async () => {
    const me = await newUser(t, { name: 'Me Pune' });
    const near = await newUser(t, { name: 'Near Pune' });
    const nearer = await newUser(t, { name: 'Nearer Pune' });
    const far = await newUser(t, { name: 'Far Delhi' });
    const stale = await newUser(t, { name: 'Stale Pune' });
    await send(me, { latitude: 18.5204, longitude: 73.8567 });
    await send(near, { latitude: 18.8, longitude: 73.6 }); // about 41 km
    await send(nearer, { latitude: 18.53, longitude: 73.86 });
    await send(far, { latitude: 28.6139, longitude: 77.209 });
    await send(stale, { latitude: 18.52, longitude: 73.85 });
    await t.database.db
      .update(userLocations)
      .set({ recordedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where(eq(userLocations.userId, stale.user.id));

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/follow/suggestions',
      headers: bearer(me.token),
    });
    expect(res.statusCode).toBe(200);
    const suggestions = (res.json() as { suggestions: { _id: string; reason: string }[] })
      .suggestions;
    const nearby = suggestions.filter((s) => s.reason === 'nearby').map((s) => s._id);
    expect(nearby).toEqual([nearer.user.id, near.user.id]);
    expect(suggestions.slice(0, 2).map((s) => s._id)).toEqual(nearby);
    const reasonOf = (id: string) => suggestions.find((s) => s._id === id)?.reason;
    expect(reasonOf(far.user.id)).not.toBe('nearby');
    expect(reasonOf(stale.user.id)).not.toBe('nearby');
  });
});

describe('nearby in a crowded area', () => {
  it('finds the closest people even when more than the candidate limit are in range', async () => {
    const origin = { latitude: 19.076, longitude: 72.8777 };
    const me = await newUser(t);
    const crowd = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          id: randomUUID(),
          name: `Crowd ${i}`,
          phone: newPhone(),
          passwordHash: 'not-used',
          usertype: 'user' as const,
          verification: 'not_required' as const,
        })),
      )
      .returning({ id: users.id });
    const closest = await newUser(t);
    // The crowd is 20 km south and stored first; the closest person, 1 km north, last: in
    // storage and in index order alike the crowd comes first.
    await t.database.db.insert(userLocations).values([
      { userId: me.user.id, ...origin },
      ...crowd.map((c) => ({
        userId: c.id,
        latitude: origin.latitude - 0.18,
        longitude: 72.8777,
      })),
      { userId: closest.user.id, latitude: origin.latitude + 0.009, longitude: 72.8777 },
    ]);
    const nearby = await createLocationService({ db: t.database.db }).nearbyUserIds(me.user.id);
    expect(nearby[0]).toBe(closest.user.id);
  });
});

describe('history purge', () => {
  it('deletes history older than 30 days and keeps the rest', async () => {
    const u = await newUser(t);
    const day = 24 * 3600 * 1000;
    const row = (daysAgo: number) => ({
      id: randomUUID(),
      userId: u.user.id,
      latitude: 20,
      longitude: 78,
      recordedAt: new Date(Date.now() - daysAgo * day),
    });
    await t.database.db.insert(locationHistory).values([row(31), row(45), row(29), row(1)]);
    await purgeLocationHistory(t.database.db);
    const left = await historyOf(u.user.id);
    expect(left).toHaveLength(2);
    expect(left.every((r) => r.recordedAt.getTime() > Date.now() - 30 * day)).toBe(true);
  });
});
