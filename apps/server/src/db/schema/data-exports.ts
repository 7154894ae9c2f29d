import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A 'download my data' archive: built by a job into private storage, downloadable by its
 * owner until expiresAt, then deleted with its file.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['building', 'ready', 'failed'] }).notNull(),
    /** Private storage key of the ZIP (encrypted like every private file); null until built. */
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
