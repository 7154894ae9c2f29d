import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentTypes } from '@saathi/contract';
import { sessions } from './sessions.js';
import { users } from './users.js';

/** A driver's own papers. The file is encrypted in private storage; only its owner reads it. */
export const personalDocuments = pgTable(
  'personal_documents',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: documentTypes }).notNull(),
    documentName: text('document_name').notNull(),
    description: text('description').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    originalName: text('original_name').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    expiryNotifiedAt: timestamp('expiry_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personal_documents_user_idx').on(t.userId, t.createdAt),
    index('personal_documents_expiry_idx').on(t.expiresOn),
  ],
);

/**
 * An unlock of the vault after the password was re-entered: tied to the sign-in session,
 * so it ends with logout as well as after its 10 minutes. Only the token's hash is kept.
 */
export const vaultUnlocks = pgTable(
  'vault_unlocks',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vault_unlocks_user_idx').on(t.userId)],
);
