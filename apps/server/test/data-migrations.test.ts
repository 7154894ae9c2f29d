import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellOf } from '../src/features/location/cells.js';
import { serverRoot } from '../src/server-root.js';

// The migrations that rewrite rows, run on a database that already holds rows: one made by the
// migrations before them (an installation that has been running), then upgraded the way a
// new release's start-up upgrades it. Every other test starts from an empty migrated database,
// where these UPDATEs touch nothing.

const migrationsFolder = resolve(serverRoot, 'drizzle');

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder whose journal ends with `lastTag`: an older release's. */
async function releaseEndingWith(lastTag: string, dir: string): Promise<string> {
  const folder = join(dir, lastTag);
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

const rowsOf = async <T>(client: PGlite, sql: string) => (await client.query<T>(sql)).rows;

describe('data migrations on a database that holds rows', () => {
  let dir: string;
  let client: PGlite;
  const driver = randomUUID();
  const verified = randomUUID();
  const rejected = randomUUID();
  const help = randomUUID();
  // Delhi, and the grid's corner, where its last row stops and its columns wrap.
  const places = [
    { userId: driver, latitude: 28.6139, longitude: 77.209 },
    { userId: verified, latitude: 90, longitude: 180 },
  ];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'saathi-migrations-'));
    client = new PGlite();
    await migrate(drizzle(client), {
      migrationsFolder: await releaseEndingWith('0007_notification_notice', dir),
    });
    for (const [id, verification, phone] of [
      [driver, 'pending', '9800000001'],
      [verified, 'verified', '9800000002'],
      [rejected, 'rejected', '9800000003'],
    ] as const) {
      await client.query(
        `insert into users (id, name, phone, password_hash, usertype, verification, updated_at)
         values ($1, 'Driver', $2, 'x', 'driver', $3, '2026-03-01T10:00:00Z')`,
        [id, phone, verification],
      );
    }
    for (const p of places) {
      await client.query(
        'insert into user_locations (user_id, latitude, longitude) values ($1, $2, $3)',
        [p.userId, p.latitude, p.longitude],
      );
    }
    await client.query(
      `insert into help_requests (id, user_id, location, helpnumber, created_at)
       values ($1, $2, 'NH 48', '112', '2026-02-01T08:30:00Z')`,
      [help, driver],
    );
    for (const [name, category] of [
      ['Sharma Tyres', 'Tyres & Puncture'],
      ['Highway Dhaba', 'Dhaba'],
      ['Bima Kendra', 'Insurance'],
      ['Singh Motors', 'Vehicle Service'],
      ['HP Pump', 'Fuel Station'],
      ['Ram Crane', 'Crane hire'],
    ]) {
      await client.query('insert into businesses (id, name, category) values ($1, $2, $3)', [
        randomUUID(),
        name,
        category,
      ]);
    }
    await migrate(drizzle(client), { migrationsFolder });
  });

  afterAll(async () => {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('0008 puts each stored position in the cell the app computes for it', async () => {
    const rows = await rowsOf<{ user_id: string; cell: number }>(
      client,
      'select user_id, cell from user_locations',
    );
    expect(rows).toHaveLength(places.length);
    for (const p of places) {
      expect(rows.find((r) => r.user_id === p.userId)?.cell).toBe(cellOf(p.latitude, p.longitude));
    }
  });

  it('0008 dates an earlier help request last asked for when it was made', async () => {
    const [row] = await rowsOf<{ repeat_count: number; last_requested_at: Date }>(
      client,
      'select repeat_count, last_requested_at from help_requests',
    );
    expect(row?.repeat_count).toBe(1);
    expect(row?.last_requested_at.toISOString()).toBe('2026-02-01T08:30:00.000Z');
  });

  it("0012 turns the old category texts into the list's keys and keeps a typed one", async () => {
    const rows = await rowsOf<{ name: string; category: string; name_hi: string | null }>(
      client,
      'select name, category, name_hi from businesses order by name',
    );
    expect(rows).toEqual([
      { name: 'Bima Kendra', category: 'insurance', name_hi: null },
      { name: 'HP Pump', category: 'fuel_station', name_hi: null },
      { name: 'Highway Dhaba', category: 'dhaba', name_hi: null },
      { name: 'Ram Crane', category: 'Crane hire', name_hi: null },
      { name: 'Sharma Tyres', category: 'tyres', name_hi: null },
      { name: 'Singh Motors', category: 'vehicle_service', name_hi: null },
    ]);
  });

  it('0013 dates decided verifications by their last change and leaves pending ones undated', async () => {
    const rows = await rowsOf<{ id: string; verification_decided_at: Date | null }>(
      client,
      'select id, verification_decided_at from users',
    );
    const decidedAt = (id: string) =>
      rows.find((r) => r.id === id)?.verification_decided_at?.toISOString() ?? null;
    expect(decidedAt(verified)).toBe('2026-03-01T10:00:00.000Z');
    expect(decidedAt(rejected)).toBe('2026-03-01T10:00:00.000Z');
    expect(decidedAt(driver)).toBeNull();
  });
});
