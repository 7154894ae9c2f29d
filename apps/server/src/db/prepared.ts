import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { compileRowMapper } from './row-mapper.js';

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
      mapRowsOnce(query);
      built.set(db, query);
    }
    return query;
  };
}

/** What a drizzle prepared select (or `returning`) keeps to map its rows. */
interface MappedQuery {
  fields?: SelectedFieldsOrdered;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Gives a prepared query that maps rows the generic way (drizzle's `mapResultRow`) a mapper
 * compiled for its fields instead (db/row-mapper.ts). drizzle runs a `customResultMapper` on
 * the same array rows its own mapping would get.
 */
function mapRowsOnce(query: unknown): void {
  if (typeof query !== 'object' || query === null || !('fields' in query)) return;
  const q = query as MappedQuery;
  if (!q.fields || q.customResultMapper) return;
  const map = compileRowMapper(q.fields, q.joinsNotNullableMap);
  q.customResultMapper = (rows) => rows.map(map);
}

/**
 * `column` among the ids of the array placeholder `name`: one parameter whatever the number
 * of ids, so the statement's text stays the same (drizzle's inArray binds one per id).
 */
export const amongIds = (column: PgColumn, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

/**
 * A hand-written statement (one drizzle's builders cannot say, such as data-modifying CTEs),
 * prepared under `name` like the builders' queries. `params` names the values of $1, $2, …
 * in order; rows come back as arrays in select order, for `row` to shape. The text is
 * exported beside it so the bench's floor runs the very same statement.
 */
export function preparedText<R>(
  name: string,
  text: string,
  params: readonly string[],
  row: (values: unknown[]) => R,
): (db: Db) => { execute(values: Record<string, unknown>): Promise<R[]> } {
  const query = { sql: text, params: params.map((p) => sql.placeholder(p)) };
  return prepared((db) =>
    db._.session.prepareQuery<{ execute: R[]; all: unknown; values: unknown }>(
      query,
      undefined,
      name,
      true,
      (rows) => rows.map(row),
    ),
  );
}
