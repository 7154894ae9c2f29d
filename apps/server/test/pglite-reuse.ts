import type { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type PgliteDatabase } from '../src/db/client.js';

/**
 * PGlite databases that test files closed, emptied and handed to the worker's next file:
 * loading one from the run's snapshot costs about 0.65 s of CPU, emptying one a few ms.
 */
const idle: PGlite[] = [];

/** What a database loaded from the snapshot holds, to put a used one back to. */
interface Pristine {
  /** A used database whose schema changed (a test made a table) is thrown away, not reused. */
  schema: string;
  /** One script: empties every table and puts back the rows the snapshot had (pg-boss's queues). */
  refill: string;
}

let pristine: Promise<Pristine> | undefined;

const userSchemas = `n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;

/** Every relation, column, constraint, trigger and function outside the system's schemas. */
const SCHEMA_PRINT = `SELECT md5(string_agg(x, ';' ORDER BY x)) AS print FROM (
  SELECT c.oid::regclass::text || ':' || c.relkind::text AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${userSchemas}
  UNION ALL SELECT a.attrelid::regclass::text || '.' || a.attname || ':' || a.atttypid::regtype::text
    || a.attnotnull::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${userSchemas} AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT 'con ' || conname || pg_get_constraintdef(co.oid) FROM pg_constraint co
    JOIN pg_namespace n ON n.oid = co.connamespace WHERE ${userSchemas}
  UNION ALL SELECT 'trg ' || tgrelid::regclass::text || tgname FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT 'fn ' || p.oid::regprocedure::text FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${userSchemas}
) prints`;

/** The application's tables and pg-boss's (partitions are emptied with their parent). */
const TABLES = `SELECT c.oid::regclass::text AS name,
    (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
      WHERE attrelid = c.oid AND attnum > 0 AND NOT attisdropped AND attgenerated = '') AS columns
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname IN ('public', 'pgboss')
  ORDER BY 1`;

async function schemaPrint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ print: string }>(SCHEMA_PRINT);
  return rows[0]?.print ?? '';
}

async function describePristine(client: PGlite): Promise<Pristine> {
  const tables = (await client.query<{ name: string; columns: string }>(TABLES)).rows;
  const refills: string[] = [];
  for (const { name, columns } of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${name} t`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    refills.push(
      `INSERT INTO ${name} (${columns}) SELECT ${columns}
        FROM json_populate_recordset(NULL::${name}, $rows$${json}$rows$);`,
    );
  }
  return {
    schema: await schemaPrint(client),
    refill: [
      `TRUNCATE ${tables.map((t) => t.name).join(', ')} CASCADE;`,
      // The rows go back as they were, whichever order their foreign keys would want.
      'SET session_replication_role = replica;',
      ...refills,
      'RESET session_replication_role;',
    ].join('\n'),
  };
}

/**
 * A database that a file closes is no longer usable through what that file holds, as with a
 * real close: a query a timer of that file sends late fails instead of landing in the next
 * file's data.
 */
function closable(client: PGlite): { client: PGlite; close(): void } {
  let open = true;
  const guarded = new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        if (!open) return Promise.reject(new Error('this test database was closed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: guarded, close: () => (open = false) };
}

/** Hands `client` out; its close() gives it back for the worker's next file. */
function handOut(client: PGlite): PgliteDatabase {
  const guard = closable(client);
  const database = pgliteDatabase(guard.client);
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      guard.close();
      idle.push(client);
    },
  };
}

/** A database just loaded from the snapshot, handed out for the first time. */
export async function firstUse(client: PGlite): Promise<PgliteDatabase> {
  await (pristine ??= describePristine(client));
  return handOut(client);
}

/**
 * A database a previous file closed, emptied back to the snapshot's state; undefined when
 * none is idle (or the one that was had its schema changed, and is dropped).
 */
export async function reused(): Promise<PgliteDatabase | undefined> {
  const client = idle.pop();
  if (!client || !pristine) return undefined;
  const { schema, refill } = await pristine;
  try {
    // A file that failed mid-transaction leaves it open; session settings go too.
    await client.exec('ROLLBACK');
    await client.exec('DISCARD ALL');
    await client.exec(refill);
    if ((await schemaPrint(client)) === schema) return handOut(client);
  } catch {
    // A table the refill names was dropped: this one is not reused either.
  }
  await client.close();
  return undefined;
}
