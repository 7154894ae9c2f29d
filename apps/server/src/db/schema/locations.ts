import {
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** The last place each user's phone reported; one row per user, overwritten. */
export const userLocations = pgTable(
  'user_locations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: real('accuracy'),
    /** The ~10 km grid cell of the position (features/location/cells.ts): all 'nearby' uses. */
    cell: integer('cell').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_locations_cell_idx').on(t.cell, t.recordedAt)],
);

/** Every report, for the team's view of a trip; personal data, deleted after 30 days. */
export const locationHistory = pgTable(
  'location_history',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: real('accuracy'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('location_history_user_idx').on(t.userId, t.recordedAt),
    index('location_history_recorded_idx').on(t.recordedAt),
  ],
);
