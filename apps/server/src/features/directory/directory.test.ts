import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCalls, messages, type Business, type SafetyCaution } from '@saathi/contract';
import { businesses, safetyCautions } from '../../db/schema/index.js';
import { expectError } from '../../../test/auth.js';
import { bearer, newUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { demoBusinesses, seedDemo } from '../../seed/demo.js';
import { SAFETY_CAUTION_LIMIT } from './service.js';

const businessesPath = directoryCalls.businesses.path;
const safetyPath = directoryCalls.safety.path;

describe('GET /api/v1/buisness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: businessesPath });
    expectError(res, 401, messages.not_signed_in, 'not_signed_in');
  });

  it('answers data.data with every status, by position then name', async () => {
    const me = await newUser(t);
    const empty = await t.app.inject({
      method: 'GET',
      url: businessesPath,
      headers: bearer(me.token),
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ success: true, data: { data: [] } });

    const closed = {
      id: randomUUID(),
      name: 'Zed Fuels',
      nameHi: 'ज़ेड फ़्यूल्स',
      description: 'Diesel and CNG',
      address: 'NH48, Behror',
      phone: '+91 90000 10005',
      email: 'zed@example.com',
      status: 'inactive' as const,
      category: 'Fuel Station',
      position: 0,
    };
    const second = { ...closed, id: randomUUID(), name: 'Alpha Tyres', status: 'active' as const };
    const third = { ...closed, id: randomUUID(), name: 'Beta Dhaba', position: 1 };
    const minimal = { id: randomUUID(), name: 'Gamma Garage', position: 2 };
    await t.database.db.insert(businesses).values([third, minimal, closed, second]);

    const res = await t.app.inject({
      method: 'GET',
      url: businessesPath,
      headers: bearer(me.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: true; data: { data: Business[] } }>();
    expect(body.data.data.map((b) => b.name)).toEqual([
      'Alpha Tyres',
      'Zed Fuels',
      'Beta Dhaba',
      'Gamma Garage',
    ]);
    expect(body.data.data[1]).toEqual({
      _id: closed.id,
      name: 'Zed Fuels',
      nameHi: 'ज़ेड फ़्यूल्स',
      description: 'Diesel and CNG',
      address: 'NH48, Behror',
      phone: '+91 90000 10005',
      email: 'zed@example.com',
      status: 'inactive',
      category: 'Fuel Station',
    });
    // Columns the admin left empty come back as empty strings and an active status.
    expect(body.data.data[3]).toEqual({
      _id: minimal.id,
      name: 'Gamma Garage',
      nameHi: null,
      description: '',
      address: '',
      phone: '',
      email: '',
      status: 'active',
      category: '',
    });
  });
});

describe('GET /api/v1/all/safety', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const list = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: safetyPath, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: true; data: SafetyCaution[] }>();
  };

  it('needs no token, ignores a stale one, and answers newest first with media URLs', async () => {
    expect(await list()).toEqual({ success: true, data: [] });

    const base = Date.parse('2025-01-10T06:00:00.000Z');
    const older = { id: randomUUID(), note: 'Fog ahead', createdAt: new Date(base) };
    const newer = {
      id: randomUUID(),
      note: 'Road work at the toll',
      imageKey: 'public/safety/toll.png',
      videoKey: 'public/safety/toll.mp4',
      createdAt: new Date(base + 60_000),
    };
    await t.database.db.insert(safetyCautions).values([older, newer]);

    for (const headers of [{}, bearer('not-a-token')]) {
      expect(await list(headers)).toEqual({
        success: true,
        data: [
          {
            _id: newer.id,
            image: '/media/safety/toll.png',
            video: '/media/safety/toll.mp4',
            poster: null,
            note: 'Road work at the toll',
            createdAt: '2025-01-10T06:01:00.000Z',
          },
          {
            _id: older.id,
            image: null,
            video: null,
            poster: null,
            note: 'Fog ahead',
            createdAt: '2025-01-10T06:00:00.000Z',
          },
        ],
      });
    }
  });

  it(`answers at most the newest ${SAFETY_CAUTION_LIMIT}`, async () => {
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    await t.database.db.insert(safetyCautions).values(
      Array.from({ length: SAFETY_CAUTION_LIMIT + 5 }, (_, i) => ({
        id: randomUUID(),
        note: `Caution ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const { data } = await list();
    expect(data).toHaveLength(SAFETY_CAUTION_LIMIT);
    expect(data[0]?.note).toBe(`Caution ${SAFETY_CAUTION_LIMIT + 4}`);
    expect(data.at(-1)?.note).toBe('Caution 5');
  });
});

describe('demo directory content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('seeds the partners and the cautions once, with pictures served from /media', async () => {
    expect(await seedDemo(t.database.db, t.storage)).toBe(true);
    expect(await seedDemo(t.database.db, t.storage)).toBe(false);
    const me = await newUser(t);

    const partners = await t.app.inject({
      method: 'GET',
      url: businessesPath,
      headers: bearer(me.token),
    });
    const listed = partners.json<{ data: { data: Business[] } }>().data.data;
    expect(listed.map((b) => b.name)).toEqual(demoBusinesses.map((b) => b.name));
    expect(listed.filter((b) => b.status === 'inactive')).toHaveLength(1);
    for (const b of listed) {
      expect(b.phone).toMatch(/^\+91 90000 1\d{4}$/);
      expect(b.email).toMatch(/@example\.com$/);
    }

    const cautions = (await t.app.inject({ method: 'GET', url: safetyPath })).json<{
      data: SafetyCaution[];
    }>().data;
    expect(cautions).toHaveLength(4);
    const times = cautions.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const pictures = cautions.flatMap((c) => (c.image ? [c.image] : []));
    expect(pictures.length).toBeGreaterThan(0);
    for (const url of pictures) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
  });
});
