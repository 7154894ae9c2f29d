import { Invalid } from '../../http/errors.js';
import type { QueueCursor } from './queries.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const exactIso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Opaque to the client: the queue sort key of the page's last post. */
export function encodeQueueCursor(c: QueueCursor): string {
  return Buffer.from(`${c.rank}|${c.negCount}|${c.oldest}|${c.postId}`).toString('base64url');
}

export function decodeQueueCursor(value: string | undefined): QueueCursor | undefined {
  if (value === undefined || value === '') return undefined;
  const [rank, negCount, oldest = '', postId = ''] = Buffer.from(value, 'base64url')
    .toString('utf8')
    .split('|');
  const cursor = { rank: Number(rank), negCount: Number(negCount), oldest, postId };
  if (
    (cursor.rank !== 0 && cursor.rank !== 1) ||
    !Number.isInteger(cursor.negCount) ||
    cursor.negCount >= 0 ||
    !exactIso.test(oldest) ||
    !uuidPattern.test(postId)
  ) {
    throw Invalid('cursor_invalid');
  }
  return cursor;
}
