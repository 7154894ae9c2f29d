import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A post: a video and/or images. Raw uploads sit under uploads/ until the worker has
 * written the processed files under public/; only then do the *_key columns point at them
 * and the status become 'ready', in one update.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull().default(''),
    location: text('location').notNull(),
    emergency: boolean('emergency').notNull().default(false),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    rawVideoKey: text('raw_video_key'),
    videoKey: text('video_key'),
    posterKey: text('poster_key'),
    durationSec: real('duration_sec'),
    width: integer('width'),
    height: integer('height'),
    /** The 720p file's video and audio caps together; null for posts made before it was kept. */
    videoKbps: integer('video_kbps'),
    /**
     * The low rendition (360p, at most 300 kbit/s). New posts are ready only with it; older
     * ones get it from the media backfill job, until then null.
     */
    lowVideoKey: text('low_video_key'),
    lowWidth: integer('low_width'),
    lowHeight: integer('low_height'),
    lowKbps: integer('low_kbps'),
    /** The feed's small WebP poster (480 px long side); null until backfilled for old posts. */
    posterSmallKey: text('poster_small_key'),
    /** Kept in the row and changed in the same transaction as likes/comments rows. */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by'),
  },
  (t) => [
    // Plain ascending columns on purpose: scanned backwards they serve ORDER BY ... DESC
    // (NULLS FIRST), which drizzle's .desc() (NULLS LAST) would not match.
    index('posts_feed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'ready' and ${t.removedAt} is null`),
    index('posts_emergency_feed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'ready' and ${t.removedAt} is null and ${t.emergency}`),
    index('posts_user_idx').on(t.userId, t.createdAt, t.id),
    // The media backfill's list: small, and empty once every old post has its files.
    index('posts_media_backfill_idx')
      .on(t.createdAt)
      .where(
        sql`${t.status} = 'ready' and ${t.removedAt} is null and ${t.videoKey} is not null and (${t.lowVideoKey} is null or ${t.posterSmallKey} is null)`,
      ),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    rawKey: text('raw_key'),
    key: text('key'),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [uniqueIndex('post_images_position_idx').on(t.postId, t.position)],
);

export const likes = pgTable(
  'likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    // Deleting an account cascades here. The counts of comments by blocked accounts go
    // from the few blocked accounts (users_blocked_idx) to their comments on the page's
    // posts, whatever the number of comments on a popular post.
    index('comments_user_idx').on(t.userId, t.postId),
  ],
);

/** Reports ("abuses"): one open report per reporter and post; moderators resolve them. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx')
      .on(t.postId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
    // The admin console's user page lists the reports a person made.
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type PostImageRow = typeof postImages.$inferSelect;
