import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A recording: a Voice Chat note ('voice', everyone signed in hears it) or a Voice
 * Recorder audio ('audio', the owner's own list). The upload waits under uploads/ until
 * the worker has written a playable file under public/; then mediaKey is set and the
 * status becomes 'ready' in one update.
 */
export const voiceNotes = pgTable(
  'voice_notes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['voice', 'audio'] }).notNull(),
    name: text('name').notNull().default(''),
    rawKey: text('raw_key'),
    mediaKey: text('media_key'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    durationMs: integer('duration_ms'),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voice_notes_kind_idx').on(t.kind, t.status, t.createdAt, t.id),
    index('voice_notes_user_idx').on(t.userId, t.kind, t.createdAt),
  ],
);
