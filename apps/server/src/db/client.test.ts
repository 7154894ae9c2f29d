import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import { openPglite } from './client.js';

const url = process.env.DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres' && url)('openPostgres', () => {
  it('survives the server dropping an idle connection', async () => {
    const database = await freshDatabase();
    try {
      const { rows } = await database.executeSql('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      // The kill is a signal: wait until the server has really closed that connection, however
      // busy the machine, so the next query cannot race with it.
      await vi.waitFor(
        async () => {
          const left = await admin.query('select 1 from pg_stat_activity where pid = $1', [
            rows[0]?.pid,
          ]);
          expect(left.rowCount).toBe(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      await admin.end();
      // Without a pool error listener the dropped connection is an uncaught error here.
      await new Promise((r) => setTimeout(r, 200));
      const after = await database.executeSql('select 1 as one');
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe('openPglite', () => {
  it('starts a copy of a dumped database, rows and all', async () => {
    const original = openPglite(undefined);
    await original.executeSql('create table notes (body text)');
    await original.executeSql('insert into notes values ($1)', ['kept']);
    const dump = await original.dump();
    await original.close();
    const copy = openPglite(undefined, dump);
    try {
      const { rows } = await copy.executeSql('select body from notes');
      expect(rows).toEqual([{ body: 'kept' }]);
    } finally {
      await copy.close();
    }
  });

  it('gives each test file a migrated database without migrating it again', async () => {
    const database = await freshDatabase();
    try {
      const { rows } = await database.executeSql(
        "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'users'",
      );
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  });
});
