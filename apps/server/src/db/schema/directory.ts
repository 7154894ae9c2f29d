import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Content the team manages (admin console, issue #7); the demo seed adds a few. */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Shown instead of `name` when the reader's language is Hindi; null falls back to `name`. */
    nameHi: text('name_hi'),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    category: text('category').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('businesses_position_idx').on(t.position, t.name)],
);

export const safetyCautions = pgTable(
  'safety_cautions',
  {
    id: uuid('id').primaryKey(),
    /** Public media keys (public/safety/...), processed like post media. */
    imageKey: text('image_key'),
    videoKey: text('video_key'),
    /** Uploads from the admin console wait here until the media worker has processed them. */
    rawImageKey: text('raw_image_key'),
    rawVideoKey: text('raw_video_key'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    failureReason: text('failure_reason'),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('safety_cautions_created_idx').on(t.createdAt, t.id)],
);
