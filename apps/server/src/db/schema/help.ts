import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A driver asking the team for help (Help screen, Call Our Team, SOS). Admins claim it,
 * add notes and resolve it; the driver is told when it is answered.
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The location line the driver's phone showed (address or coordinates as text). */
    location: text('location').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The number the driver chose (a team entry, or the SOS's team number). */
    helpnumber: text('helpnumber').notNull(),
    /** Name of the chosen entry at the time, e.g. 'Support Team'; numbers can change later. */
    contactName: text('contact_name').notNull().default(''),
    source: text('source', { enum: ['help', 'team', 'sos'] })
      .notNull()
      .default('help'),
    status: text('status', { enum: ['open', 'claimed', 'resolved'] })
      .notNull()
      .default('open'),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** What the team tells the driver when resolving; sent in their notification. */
    answer: text('answer'),
    /**
     * How many times the driver asked: a repeat within a few minutes while this request is
     * not resolved (a panicked driver pressing SOS again) counts here, not as a new request.
     */
    repeatCount: integer('repeat_count').notNull().default(1),
    /** When the driver last asked (the first time or the latest repeat). */
    lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('help_requests_status_idx').on(t.status, t.createdAt),
    index('help_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The keys phones gave their help requests (clientRequestId): a retry of an unconfirmed
 * request names the request it made, so it is answered, not made again. A key of its own
 * table, not a column, because a repeat merged into another request keeps its key too.
 */
export const helpRequestKeys = pgTable(
  'help_request_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientRequestId: uuid('client_request_id').notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_request_keys_user_key_idx').on(t.userId, t.clientRequestId),
    index('help_request_keys_request_idx').on(t.requestId),
  ],
);

/** The team's working notes on a request; admins only. */
export const helpRequestNotes = pgTable(
  'help_request_notes',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => helpRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_request_notes_request_idx').on(t.requestId, t.createdAt)],
);

/** The Call Our Team entries of the Help screen (spec: Support, Sales, Technical); admins edit them. */
export const teamContacts = pgTable(
  'team_contacts',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Shown instead of `name` when the reader's language is Hindi; null falls back to `name`. */
    nameHi: text('name_hi'),
    number: text('number').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_contacts_position_idx').on(t.position, t.name)],
);
