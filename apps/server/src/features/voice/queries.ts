import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterCursor, exactTime, type Cursor } from '../../db/cursor.js';
import { users, voiceNotes } from '../../db/schema/index.js';
import { authorColumns, type AuthorRow } from '../../db/user-columns.js';

export type VoiceNoteRow = typeof voiceNotes.$inferSelect;
export type VoiceKind = VoiceNoteRow['kind'];

export interface NoteWithAuthor {
  note: VoiceNoteRow;
  author: AuthorRow;
  /** created_at with its microseconds, for the next page's cursor. */
  at: string;
}

export async function insertNote(db: Db, row: typeof voiceNotes.$inferInsert): Promise<void> {
  await db.insert(voiceNotes).values(row);
}

export async function findNote(db: Db, id: string): Promise<NoteWithAuthor | undefined> {
  const [row] = await db
    .select({ note: voiceNotes, author: authorColumns, at: exactTime(voiceNotes.createdAt) })
    .from(voiceNotes)
    .innerJoin(users, eq(users.id, voiceNotes.userId))
    .where(eq(voiceNotes.id, id));
  return row;
}

/**
 * Voice Chat: every ready note of accounts that are not blocked, plus the caller's own in
 * any state (so they see theirs processing); Voice Recorder: the caller's own audios only.
 */
export async function notePage(
  db: Db,
  opts: { kind: VoiceKind; viewerId: string; cursor?: Cursor; limit: number },
): Promise<NoteWithAuthor[]> {
  const own = eq(voiceNotes.userId, opts.viewerId);
  const visible =
    opts.kind === 'audio'
      ? own
      : or(own, and(eq(voiceNotes.status, 'ready'), isNull(users.blockedAt)));
  return db
    .select({ note: voiceNotes, author: authorColumns, at: exactTime(voiceNotes.createdAt) })
    .from(voiceNotes)
    .innerJoin(users, eq(users.id, voiceNotes.userId))
    .where(
      and(
        eq(voiceNotes.kind, opts.kind),
        visible,
        opts.cursor ? afterCursor(voiceNotes.createdAt, voiceNotes.id, opts.cursor) : undefined,
      ),
    )
    .orderBy(desc(voiceNotes.createdAt), desc(voiceNotes.id))
    .limit(opts.limit);
}

/** Points the note at its playable file and drops the raw key in one update; false if it is gone or no longer processing. */
export async function markNoteReady(
  db: Db,
  id: string,
  ready: { mediaKey: string; durationMs: number },
): Promise<boolean> {
  const rows = await db
    .update(voiceNotes)
    .set({ ...ready, status: 'ready', rawKey: null, failureReason: null })
    .where(and(eq(voiceNotes.id, id), eq(voiceNotes.status, 'processing')))
    .returning({ id: voiceNotes.id });
  return rows.length > 0;
}

export async function markNoteFailed(db: Db, id: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(voiceNotes)
    .set({ status: 'failed', failureReason: reason, rawKey: null })
    .where(and(eq(voiceNotes.id, id), eq(voiceNotes.status, 'processing')))
    .returning({ id: voiceNotes.id });
  return rows.length > 0;
}

/** Deletes the row and answers the storage keys it held, so the caller removes the files. */
export async function deleteNote(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .delete(voiceNotes)
    .where(eq(voiceNotes.id, id))
    .returning({ rawKey: voiceNotes.rawKey, mediaKey: voiceNotes.mediaKey });
  return rows.flatMap((r) => [r.rawKey, r.mediaKey]).filter((k): k is string => k !== null);
}
