import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log.js';
import type { NotificationKind, NotificationNotice } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Invalid, NotFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Hub } from '../../realtime/hub.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { presentNotification } from './present.js';
import { validPushKeys, vapidKeys } from './push.js';
import type { PushPolicy } from '../../push-policy.js';
import { endpointAllowed, endpointResolvesPrivate } from './push-target.js';
import {
  deletePushSubscription,
  insertNotification,
  markAllRead,
  markRead,
  notificationPage,
  unreadCount,
  upsertPushSubscription,
} from './queries.js';

export const PUSH_QUEUE = 'notification.push';
export const userChannel = (userId: string) => `user:${userId}`;

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  actorId?: string;
  postId?: string;
  /** A fixed sentence, written out in the reader's language; `text` fills its {{reason}}. */
  notice?: NotificationNotice;
  text?: string;
  link?: string;
  /** The same key for the same user notifies once (e.g. like:<post>:<actor>). */
  dedupeKey?: string;
}

/** What other features call to tell someone something. */
export interface Notifier {
  notify(input: NotifyInput): Promise<void>;
  /**
   * The live part of notify() for a row the caller stored in its own statement (a like,
   * follow or comment writes its notification in the same round trip as itself).
   */
  deliver(userId: string, notificationId: string): Promise<void>;
}

export function createNotificationService(deps: {
  db: Db;
  hub: Hub;
  jobs: JobQueue;
  log: Logger;
  /**
   * Where subscriptions may point: accepting any URL would let a caller make the server post
   * to hosts of their choosing. Left out where only notify() is used (the job workers).
   */
  push?: PushPolicy;
}) {
  const { db, hub } = deps;

  async function publishCount(userId: string) {
    await hub.publish(userChannel(userId), 'count', { unreadCount: await unreadCount(db, userId) });
  }

  /**
   * Pushes a stored notification to the user's open pages at once (SSE, through the hub) and
   * queues Web Push. Its failures never fail the caller's action.
   */
  async function deliver(userId: string, notificationId: string): Promise<void> {
    // The three statements at once: the like, follow or comment that called waits for them.
    try {
      const [[full], unread] = await Promise.all([
        notificationPage(db, userId, { limit: 1, id: notificationId }),
        unreadCount(db, userId),
        deps.jobs.send(PUSH_QUEUE, { userId, notificationId }),
      ]);
      if (full) {
        await hub.publish(userChannel(userId), 'notification', {
          notification: presentNotification(full),
          unreadCount: unread,
        });
      }
    } catch (err) {
      deps.log.error({ err }, 'live notification delivery failed');
    }
  }

  return {
    deliver,

    /** Stores the notification, then delivers it. */
    async notify(input: NotifyInput): Promise<void> {
      if (input.actorId && input.actorId === input.userId) return;
      const row = await insertNotification(db, {
        id: randomUUID(),
        userId: input.userId,
        kind: input.kind,
        actorId: input.actorId ?? null,
        postId: input.postId ?? null,
        notice: input.notice ?? null,
        text: input.text ?? null,
        link: input.link ?? null,
        dedupeKey: input.dedupeKey ?? null,
      });
      if (row) await deliver(input.userId, row.id);
    },

    async list(viewer: Viewer, query: { cursor?: string; limit: number }) {
      const cursor = decodeCursor(query.cursor);
      const [rows, unread] = await Promise.all([
        notificationPage(db, viewer.user.id, { cursor, limit: query.limit + 1 }),
        unreadCount(db, viewer.user.id),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        success: true as const,
        notifications: page.map(presentNotification),
        unreadCount: unread,
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ createdAt: last.at, id: last.notification.id })
            : null,
      };
    },

    async markRead(viewer: Viewer, id: string) {
      if (!(await markRead(db, viewer.user.id, id))) throw NotFound('notification_not_found');
      await publishCount(viewer.user.id);
      return { success: true as const, unreadCount: await unreadCount(db, viewer.user.id) };
    },

    async markAllRead(viewer: Viewer) {
      await markAllRead(db, viewer.user.id);
      await publishCount(viewer.user.id);
      return { success: true as const, unreadCount: 0 };
    },

    async initialCount(viewer: Viewer) {
      return { unreadCount: await unreadCount(db, viewer.user.id) };
    },

    async pushKey() {
      return { success: true as const, publicKey: (await vapidKeys(db)).publicKey };
    },

    async subscribe(
      viewer: Viewer,
      body: { endpoint: string; keys: { p256dh: string; auth: string }; lang: 'en' | 'hi' },
    ) {
      if (!validPushKeys(body.keys)) throw Invalid('push_subscription_invalid');
      const policy = deps.push;
      if (
        !policy ||
        !endpointAllowed(body.endpoint, policy) ||
        (await endpointResolvesPrivate(body.endpoint, policy))
      ) {
        throw Invalid('push_subscription_invalid');
      }
      await upsertPushSubscription(db, {
        endpoint: body.endpoint,
        userId: viewer.user.id,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        lang: body.lang,
      });
      return { success: true as const };
    },

    async unsubscribe(viewer: Viewer, endpoint: string) {
      await deletePushSubscription(db, endpoint, viewer.user.id);
      return { success: true as const };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
