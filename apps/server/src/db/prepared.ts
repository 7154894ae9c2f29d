import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * A hot query built once per database handle instead of on every call: drizzle renders a
 * query builder's SQL anew each time it runs (a fifth of an API call's CPU in the profile),
 * while a prepared query keeps its SQL text and fills in `sql.placeholder` values. Name it
 * in `.prepare(name)`: on PostgreSQL each pooled connection then parses and plans it once (a
 * named statement); PGlite ignores the name. `build` runs again for each other handle
 * (a transaction), so the same name always carries the same text, as PostgreSQL requires.
 */
export function prepared<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * `column` among the ids of the array placeholder `name`: one parameter whatever the number
 * of ids, so the statement's text stays the same (drizzle's inArray binds one per id).
 */
export const amongIds = (column: PgColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
