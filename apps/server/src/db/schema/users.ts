import { sql } from 'drizzle-orm';
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
    /** When the team verified or rejected the driver: identity images are erased a while after. */
    verificationDecidedAt: timestamp('verification_decided_at', { withTimezone: true }),
    profileImage: text('profile_image'),
    remindSalah: boolean('remind_salah').notNull().default(false),
    showNumber: boolean('show_number').notNull().default(false),
    /** Kept in step with `follows` in the same transaction, so profiles read them for free. */
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockReason: text('block_reason'),
    /**
     * The owner asked to delete the account: it is erased at this time unless they sign in
     * before (features/account). Null when no deletion is pending.
     */
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_name_idx').on(t.name),
    index('users_deletion_due_idx')
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} is not null`),
    // The few blocked accounts, whose comments every count leaves out (hiddenCommentCounts).
    index('users_blocked_idx')
      .on(t.id)
      .where(sql`${t.blockedAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
