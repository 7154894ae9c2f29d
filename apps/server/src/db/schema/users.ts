import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** +91 and ten digits; see normalizeIndianMobile. Personal data: never in a public answer. */
    phone: text('phone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    usertype: text('usertype', { enum: ['driver', 'user', 'admin'] }).notNull(),
    verification: text('verification', {
      enum: ['pending', 'verified', 'rejected', 'not_required'],
    }).notNull(),
    verificationNote: text('verification_note'),
    profileImage: text('profile_image'),
    remindSalah: boolean('remind_salah').notNull().default(false),
    showNumber: boolean('show_number').notNull().default(false),
    /** Kept in step with `follows` in the same transaction, so profiles read them for free. */
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_name_idx').on(t.name)],
);

export type UserRow = typeof users.$inferSelect;
