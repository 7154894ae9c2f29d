import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A driver's sign-up documents. The file is encrypted in private storage; this row points at it. */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['aadharFile', 'aadharFileBack', 'DrivingLicense'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The image was erased from storage (kept only as long as verification needs it); the row
     * stays so the console can say so. storageKey then names nothing.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [index('identity_documents_user_idx').on(t.userId)],
);
