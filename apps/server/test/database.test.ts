import { describe, expect, it } from 'vitest';
import { freshDatabase } from './database.js';

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
});
