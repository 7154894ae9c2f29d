import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { freshDatabase } from './database.js';

const count = async (database: Awaited<ReturnType<typeof freshDatabase>>, sql: string) =>
  (await database.executeSql(sql)).rows[0]?.n;

describe('freshDatabase', () => {
  it('hands every caller its own untouched database, though the next is made ahead', async () => {
    const first = await freshDatabase();
    const second = await freshDatabase();
    try {
      await first.executeSql('create table left_behind (n int)');
      const { rows } = await second.executeSql(
        "select to_regclass('public.left_behind')::text as found",
      );
      expect(rows).toEqual([{ found: null }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  // On PGlite the next file gets the very database the last one closed, emptied again.
  it('gives the next file none of the rows, jobs or settings a closed one left', async () => {
    const used = await freshDatabase();
    await used.db.insert(users).values({
      id: randomUUID(),
      name: 'Left Behind',
      phone: '+916999999999',
      passwordHash: 'x',
      usertype: 'user',
      verification: 'not_required',
    });
    const queue = await count(used, 'select min(name) as n from pgboss.queue');
    await used.executeSql(`insert into pgboss.job (name, data) values ('${String(queue)}', '{}')`);
    await used.executeSql("set statement_timeout = '5s'");
    await used.close();
    // What a late timer of the closed file sends fails, as with a real close.
    await expect(used.executeSql('select 1')).rejects.toThrow();

    const next = await freshDatabase();
    try {
      expect(await count(next, 'select count(*)::int as n from users')).toBe(0);
      expect(await count(next, 'select count(*)::int as n from pgboss.job')).toBe(0);
      expect(await count(next, 'select count(*)::int as n from pgboss.queue')).toBeGreaterThan(0);
      expect(await count(next, 'select current_setting($$statement_timeout$$) as n')).toBe('0');
    } finally {
      await next.close();
    }
  });

  it('gives the next file none of the tables a closed one made', async () => {
    const used = await freshDatabase();
    await used.executeSql('create table left_behind (n int)');
    await used.close();
    const next = await freshDatabase();
    try {
      expect(await count(next, "select to_regclass('public.left_behind')::text as n")).toBeNull();
    } finally {
      await next.close();
    }
  });
});
