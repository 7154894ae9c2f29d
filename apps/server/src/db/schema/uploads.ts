import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A resumable (tus) upload and whose it is. The tus store holds the bytes and the offset;
 * its metadata is written by the client, so ownership and purpose are kept here. A row goes
 * when the upload is attached to a post or voice note, cancelled, refused, or expired.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['video', 'image', 'voice'] }).notNull(),
    /** Upload-Length: fixed at creation. */
    size: integer('size').notNull(),
    /** The tus store's id of the bytes. */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once every byte arrived and passed the checks of its purpose. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId, t.completedAt),
    index('uploads_created_idx').on(t.createdAt),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
