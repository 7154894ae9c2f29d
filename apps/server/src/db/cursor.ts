import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Invalid } from '../http/errors.js';

export interface Cursor {
  /** The row's created_at exactly as stored (microseconds), ISO-8601 in UTC. */
  createdAt: string;
  id: string;
}

/**
 * Keyset pagination on (created_at, id): a page costs the same however deep it is, and
 * posts added meanwhile do not shift what comes next. Opaque to the client.
 */
export function encodeCursor(c: { createdAt: string | Date; id: string }): string {
  // Pass the exact text (exactTime); a Date is only exact for values stored from a Date.
  const at = typeof c.createdAt === 'string' ? c.createdAt : c.createdAt.toISOString();
  return Buffer.from(`${at}|${c.id}`).toString('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const [iso = '', id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!id || !uuidPattern.test(id) || !isoPattern.test(iso) || Number.isNaN(Date.parse(iso))) {
    throw Invalid('cursor_invalid');
  }
  return { createdAt: iso, id };
}

/**
 * A timestamp column as text with its microseconds. A JS Date keeps milliseconds only: a
 * cursor made from one skipped rows created later in the same millisecond as the page's last.
 */
export const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows after `cursor` in (createdAt desc, id desc) order. A row comparison, so the
 * (created_at, id) index bounds the scan directly. Placeholders for a prepared query.
 */
export const afterCursor = (
  createdAt: PgColumn,
  id: PgColumn,
  cursor: Cursor | { createdAt: Placeholder; id: Placeholder },
): SQL => sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
