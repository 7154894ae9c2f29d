import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationLimits, messages } from '@saathi/contract';
import { locationHistory, userLocations, users } from '../../db/schema/index.js';
import {
  bearer,
  newPhone,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { cellOf } from './cells.js';
import { purgeLocationHistory } from './purge-job.js';
import { saveLocation } from './queries.js';
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
    const u = await newUser(t);
    const res = await send(u, { latitude: 19.076012, longitude: 72.877655, accuracy: 12.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const body = (await last(u)).json() as { location: Record<string, unknown> };
    expect(body.location).toMatchObject({
      latitude: 19.076012,
      longitude: 72.877655,
      accuracy: 12.5,
    });
    expect(typeof body.location.timestamp).toBe('string');
  });

  it("takes the tracker's form: strings with the caller's own driverId", async () => {
    const tracked = await newUser(t, { usertype: 'driver', verification: 'verified' });
    const res = await send(tracked, {
      latitude: '28.613900',
      longitude: '77.209000',
      driverId: tracked.user.id,
    });
    expect(res.statusCode).toBe(200);
    const body = (await last(tracked)).json() as { location: Record<string, unknown> };
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
    const u = await newUser(t);
    expect((await send(u, { latitude: 23.456789, longitude: 81.234567 })).statusCode).toBe(200);
    await send(u, { latitude: '91.123456', longitude: '81.234567' });
    // Refused as too far to drive: the refusal logs no coordinates either.
    expect((await send(u, { latitude: 25.456789, longitude: 81.234567 })).statusCode).toBe(422);
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/v1/update/location');
    expect(logged).not.toContain('23.456789');
    expect(logged).not.toContain('81.234567');
    expect(logged).not.toContain('91.123456');
    expect(logged).not.toContain('25.456789');
  });

  it('refuses a jump no vehicle could drive, in both forms, and keeps the last location', async () => {
    const u = await newUser(t, { usertype: 'driver', verification: 'verified' });
    expect((await send(u, { latitude: 23.0225, longitude: 72.5714 })).statusCode).toBe(200);
    // A fix 1.6 km off a moment later is a phone's wander, not a jump.
    expect((await send(u, { latitude: 23.037, longitude: 72.5714 })).statusCode).toBe(200);
    const vadodara = { latitude: 22.3072, longitude: 73.1812 };
    for (const payload of [
      vadodara,
      { latitude: '22.3072', longitude: '73.1812', driverId: u.user.id },
    ]) {
      const res = await send(u, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        success: false,
        code: 'location_implausible',
        message: messages.location_implausible,
      });
    }
    const kept = (await last(u)).json() as { location: { latitude: number } };
    expect(kept.location.latitude).toBe(23.037);
    // An hour later the 100 km from Ahmedabad to Vadodara is a drive.
    await t.database.db
      .update(userLocations)
      .set({ recordedAt: new Date(Date.now() - 3600 * 1000) })
      .where(eq(userLocations.userId, u.user.id));
    expect((await send(u, vadodara)).statusCode).toBe(200);
  });

  it('takes the tracker and a few taps, then refuses a flood for a while', async () => {
    const u = await newUser(t);
    for (let i = 0; i < locationLimits.updatesPerWindow; i += 1) {
      const res = await send(u, { latitude: 21.1 + i * 0.001, longitude: 79.05 });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await send(u, { latitude: 21.2, longitude: 79.05 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'location_too_many',
      message: messages.location_too_many,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const kept = (await last(u)).json() as { location: { latitude: number } };
    expect(kept.location.latitude).toBeCloseTo(
      21.1 + (locationLimits.updatesPerWindow - 1) * 0.001,
    );
    // The limit is per person: someone else still shares.
    expect((await send(await newUser(t), { latitude: 21.2, longitude: 79.05 })).statusCode).toBe(
      200,
    );
  });
});

describe('reports sent late with their own time (recordedAt)', () => {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const ahmedabad = { latitude: 23.0225, longitude: 72.5714 };
  const vadodara = { latitude: 22.3072, longitude: 73.1812 };

  it('stores queued reports in order, each at its own time', async () => {
    const u = await newUser(t);
    const times = [ago(50), ago(30), ago(10)];
    for (const [i, recordedAt] of times.entries()) {
      const res = await send(u, { latitude: 19.07 + i * 0.01, longitude: 72.87, recordedAt });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = (await historyOf(u.user.id)).sort(
      (a, b) => a.recordedAt.getTime() - b.recordedAt.getTime(),
    );
    expect(rows.map((r) => r.recordedAt.toISOString())).toEqual(times);
    const kept = (await last(u)).json() as { location: { latitude: number; timestamp: string } };
    expect(kept.location).toMatchObject({ latitude: 19.09, timestamp: times[2] });
  });

  it('judges the speed between reports by their own times', async () => {
    const u = await newUser(t);
    expect((await send(u, { ...ahmedabad, recordedAt: ago(70) })).statusCode).toBe(200);
    // 100 km in 70 minutes is a drive, though both arrive within a second.
    expect((await send(u, { ...vadodara, recordedAt: ago(0) })).statusCode).toBe(200);
    const v = await newUser(t);
    expect((await send(v, { ...ahmedabad, recordedAt: ago(10) })).statusCode).toBe(200);
    // 100 km in 10 minutes is not.
    const refused = await send(v, { ...vadodara, recordedAt: ago(0) });
    expect(refused.statusCode).toBe(422);
  });

  it('adds a report older than the last location to the history only', async () => {
    const u = await newUser(t);
    await send(u, { latitude: 19.1, longitude: 72.9 });
    expect(
      (await send(u, { latitude: 19.11, longitude: 72.9, recordedAt: ago(20) })).statusCode,
    ).toBe(200);
    const kept = (await last(u)).json() as { location: { latitude: number } };
    expect(kept.location.latitude).toBe(19.1);
    expect(await historyOf(u.user.id)).toHaveLength(2);
  });

  it('refuses a time in the future, older than a day, or not a time, and stores nothing', async () => {
    const u = await newUser(t);
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    for (const recordedAt of [inAnHour, ago(25 * 60), 'yesterday', '2025-13-01T00:00:00Z']) {
      const res = await send(u, { latitude: 19.1, longitude: 72.9, recordedAt });
      expect(res.statusCode, recordedAt).toBe(400);
      expect(res.json()).toMatchObject({ message: messages.location_recorded_at_invalid });
    }
    expect((await last(u)).json()).toEqual({ success: true, location: null });
    // A phone clock a minute fast is taken as now.
    const fast = new Date(Date.now() + 60_000).toISOString();
    expect((await send(u, { latitude: 19.1, longitude: 72.9, recordedAt: fast })).statusCode).toBe(
      200,
    );
    const kept = (await last(u)).json() as { location: { timestamp: string } };
    expect(Date.parse(kept.location.timestamp)).toBeLessThanOrEqual(Date.now());
  });
});

describe('privacy', () => {
  it('answers only the caller their own last location', async () => {
    const stranger = await newUser(t);
    const u = await newUser(t);
    await send(u, { latitude: 26.9124, longitude: 75.7873 });
    expect((await last(stranger)).json()).toEqual({ success: true, location: null });
    const mine = (await last(u)).json() as { location: { latitude: number } };
    expect(mine.location.latitude).toBe(26.9124);
  });

  it("never puts coordinates in anyone else's answers (profile, follows, suggestions)", async () => {
    const shared = await newUser(t, { usertype: 'driver', verification: 'verified' });
    await send(shared, { latitude: 26.912401, longitude: 75.787301 });
    const viewer = await newUser(t);
    await send(viewer, { latitude: 26.95, longitude: 75.8 });
    const urls = [
      `/api/v1/user/profile/${shared.user.id}`,
      `/api/follow/stats/${shared.user.id}`,
      '/api/follow/suggestions',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(viewer.token) });
      if (url === '/api/follow/suggestions') expect(res.body).toContain(shared.user.id);
      expect(res.body).not.toContain('26.912401');
      expect(res.body).not.toContain('75.787301');
      expect(res.body).not.toMatch(/latitude|longitude/);
    }
  });
});

const suggestionsOf = async (u: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/follow/suggestions',
    headers: bearer(u.token),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { suggestions: { _id: string; reason: string }[] }).suggestions;
};

const setFollowers = (u: TestUser, followersCount: number) =>
  t.database.db.update(users).set({ followersCount }).where(eq(users.id, u.user.id));

describe('follow suggestions', () => {
  it('puts people in the same or a neighbouring ~10 km cell first, most followed first', async () => {
    // Pune: cell 18.5-18.6 N, 73.8-73.9 E.
    const me = await newUser(t, { name: 'Me Pune' });
    const sameCell = await newUser(t, { name: 'Same cell Pune' });
    const nextCell = await newUser(t, { name: 'Next cell Pune' });
    const twoCellsAway = await newUser(t, { name: 'Two cells west' });
    const far = await newUser(t, { name: 'Far Delhi' });
    const stale = await newUser(t, { name: 'Stale Pune' });
    await send(me, { latitude: 18.5204, longitude: 73.8567 });
    await send(sameCell, { latitude: 18.53, longitude: 73.86 }); // about 1 km
    await send(nextCell, { latitude: 18.62, longitude: 73.92 }); // about 13 km, one cell NE
    await send(twoCellsAway, { latitude: 18.52, longitude: 73.65 }); // about 22 km
    await send(far, { latitude: 28.6139, longitude: 77.209 });
    await send(stale, { latitude: 18.52, longitude: 73.85 });
    await t.database.db
      .update(userLocations)
      .set({ recordedAt: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where(eq(userLocations.userId, stale.user.id));
    await setFollowers(nextCell, 7);
    await setFollowers(sameCell, 2);

    const suggestions = await suggestionsOf(me);
    const nearby = suggestions.filter((s) => s.reason === 'nearby').map((s) => s._id);
    // The farther one first: the order follows followers, never distance.
    expect(nearby).toEqual([nextCell.user.id, sameCell.user.id]);
    expect(suggestions.slice(0, 2).map((s) => s._id)).toEqual(nearby);
    const reasonOf = (id: string) => suggestions.find((s) => s._id === id)?.reason;
    expect(reasonOf(twoCellsAway.user.id)).not.toBe('nearby');
    expect(reasonOf(far.user.id)).not.toBe('nearby');
    expect(reasonOf(stale.user.id)).not.toBe('nearby');
  });

  it('cannot be bisected: walking past two people tells only which cells are near', async () => {
    // Nagpur: both targets in the cell 21.1-21.2 N, 79.0-79.1 E, about 9 km apart.
    const west = await newUser(t, { name: 'Target west' });
    const east = await newUser(t, { name: 'Target east' });
    const attacker = await newUser(t, { name: 'Prober' });
    await send(west, { latitude: 21.105, longitude: 79.005 });
    await send(east, { latitude: 21.105, longitude: 79.095 });
    await setFollowers(east, 40);
    await setFollowers(west, 30);
    const seenAt: number[] = [];
    for (let step = 0; step <= 70; step += 1) {
      // 1 km steps from 78.705 E to 79.405 E, stored as a real report would be.
      const longitude = 78.705 + step * 0.01;
      await saveLocation(
        t.database.db,
        {
          userId: attacker.user.id,
          latitude: 21.105,
          longitude,
          accuracy: null,
          recordedAt: new Date(),
        },
        0,
      );
      const nearby = (await suggestionsOf(attacker))
        .filter((s) => s.reason === 'nearby')
        .map((s) => s._id)
        .filter((id) => id === west.user.id || id === east.user.id);
      // Both or neither, in one order, though the prober passes right beside each of them.
      expect([[], [east.user.id, west.user.id]]).toContainEqual(nearby);
      if (nearby.length > 0) seenAt.push(longitude);
    }
    // Seen exactly from the grid line at 78.9 E to the one at 79.2 E: the lines of the
    // targets' cell and its neighbours, not 50 km around where either target stands.
    expect(seenAt.length).toBe(30);
    expect(Math.min(...seenAt)).toBeCloseTo(78.905);
    expect(Math.max(...seenAt)).toBeCloseTo(79.195);
  });
});

describe('nearby in a crowded area', () => {
  it('takes the most followed people in the cells, not the closest', async () => {
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
    const popular = await newUser(t);
    await setFollowers(popular, 3);
    const at = (userId: string, latitude: number, longitude: number) => ({
      userId,
      latitude,
      longitude,
      cell: cellOf(latitude, longitude),
    });
    // The crowd stands 100 m away and is stored first; the popular driver is a cell north.
    await t.database.db
      .insert(userLocations)
      .values([
        at(me.user.id, origin.latitude, origin.longitude),
        ...crowd.map((c) => at(c.id, origin.latitude + 0.001, origin.longitude)),
        at(popular.user.id, origin.latitude + 0.1, origin.longitude),
      ]);
    const service = createLocationService({ db: t.database.db });
    const nearby = await service.nearbyUserIds(me.user.id);
    expect(nearby[0]).toBe(popular.user.id);
    expect(nearby).toHaveLength(500);
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
