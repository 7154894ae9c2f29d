import { z } from 'zod';
import { isCleanText, textInput } from './text.js';
import { defineCall } from './call.js';
import { eventStreamBody } from './common.js';
import { personSummary } from './follows.js';
import { coded } from './coded.js';

export const notificationKinds = [
  'follow',
  'like',
  'comment',
  'mention',
  'help_answered',
  'help_request',
  'document_expiring',
  'report_outcome',
  'verification',
  'salah',
  'data_export',
] as const;
export const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

/**
 * Fixed sentences the team's actions send (a report's outcome, a verification decision).
 * Stored as a code and written out in the reader's language (`notificationNotices`), so a
 * Hindi reader never gets an English sentence; `text` then holds only its {{reason}}.
 */
export const notificationNoticeCodes = [
  'report_dismissed',
  'report_removed',
  'driver_verified',
  'driver_rejected',
] as const;
export const notificationNotice = z.enum(notificationNoticeCodes);
export type NotificationNotice = z.infer<typeof notificationNotice>;

export const notification = z.object({
  _id: z.uuid(),
  kind: notificationKind,
  /** Who did it (follow, like, comment, mention); null for system notices. */
  actor: personSummary.nullable(),
  post: z.object({ _id: z.uuid(), posterUrl: z.string().nullable() }).nullable(),
  /** A fixed sentence to show under the title, in the reader's language; null for none. */
  notice: notificationNotice.nullable(),
  /** The comment text or the notice's {{reason}}, shown under the title. */
  text: z.string().nullable(),
  /** Where tapping it goes (a client route). */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notification>;

export const notificationIdParam = z.object({
  id: z.uuid(coded('notification_not_found')),
});

export const unreadResponse = z.object({ success: z.literal(true), unreadCount: z.number().int() });

/** What the browser's PushManager hands over (PushSubscription.toJSON()). */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .url(coded('push_subscription_invalid'))
    .max(2048)
    .refine((v) => isCleanText(v), coded('push_subscription_invalid')),
  keys: z.object({
    p256dh: textInput().min(1).max(512),
    auth: textInput().min(1).max(512),
  }),
  /** The language the phone shows the app in, for the push texts. */
  lang: z.enum(['en', 'hi']).default('en'),
});

/** Server-Sent Event payloads on /api/v1/notifications/stream. */
export const notificationEvent = z.object({ notification, unreadCount: z.number().int() });
export const countEvent = z.object({ unreadCount: z.number().int() });

/** The EventSource stream (`notificationCalls.stream`), authenticated by the Token cookie. */
export const notificationStreamPath = '/api/v1/notifications/stream';

export const notificationCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/v1/notifications',
    summary: "The caller's notifications, newest first, with the unread count",
    auth: 'user',
    query: z.object({
      cursor: textInput().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(30),
    }),
    response: z.object({
      success: z.literal(true),
      notifications: z.array(notification),
      unreadCount: z.number().int(),
      nextCursor: z.string().nullable(),
    }),
  }),
  markRead: defineCall({
    method: 'PUT',
    path: '/api/v1/notifications/:id/read',
    summary: 'Mark one notification read',
    auth: 'user',
    params: notificationIdParam,
    response: unreadResponse,
  }),
  markAllRead: defineCall({
    method: 'PUT',
    path: '/api/v1/notifications/read-all',
    summary: 'Mark every notification read',
    auth: 'user',
    response: unreadResponse,
  }),
  pushKey: defineCall({
    method: 'GET',
    path: '/api/v1/push/key',
    summary: "This server's VAPID public key for Web Push",
    auth: 'public',
    response: z.object({ success: z.literal(true), publicKey: z.string() }),
  }),
  subscribe: defineCall({
    method: 'POST',
    path: '/api/v1/push/subscribe',
    summary: "Store this browser's push subscription for the caller",
    auth: 'user',
    body: pushSubscriptionBody,
    response: z.object({ success: z.literal(true) }),
  }),
  unsubscribe: defineCall({
    method: 'DELETE',
    path: '/api/v1/push/subscribe',
    summary: 'Forget a push subscription',
    auth: 'user',
    body: pushSubscriptionBody.pick({ endpoint: true }),
    response: z.object({ success: z.literal(true) }),
  }),
  stream: defineCall({
    method: 'GET',
    path: notificationStreamPath,
    summary: 'Live notifications (Server-Sent Events: `notification` and `count` events)',
    auth: 'user',
    response: eventStreamBody,
    raw: { type: 'text/event-stream' },
    // One long request: a busy shared address must not keep it from opening again.
    backstop: false,
  }),
};

/**
 * The last event of every live stream of an account that has just been blocked (the
 * notification and voice streams); the app then shows the blocked screen without waiting.
 */
export const accountBlockedEvent = 'account_blocked';
