import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';

const url = process.env.DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres' && url)('openPostgres', () => {
  it('survives the server dropping an idle connection', async () => {
    const database = await freshDatabase();
    try {
      const { rows } = await database.executeSql('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
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
