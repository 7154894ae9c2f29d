import { Invalid } from '../../http/errors.js';

export interface Cursor {
  createdAt: Date;
  id: string;
}

/**
 * Keyset pagination on (created_at, id): a page costs the same however deep it is, and
 * posts added meanwhile do not shift what comes next. Opaque to the client.
 */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(value: string | undefined): Cursor | undefined {
  if (value === undefined || value === '') return undefined;
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !uuidPattern.test(id) || Number.isNaN(createdAt.getTime())) {
    throw Invalid('cursor_invalid');
  }
  return { createdAt, id };
}
