import type { Logger } from '../../log.js';
import { eq } from 'drizzle-orm';
import type webpushModule from 'web-push';
import { notificationNotices, notificationTitles } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';
import {
  deletePushSubscription,
  notificationPage,
  pushSubscriptionsOf,
  type NotificationRow,
} from './queries.js';
import type { PushPolicy } from '../../push-policy.js';
import { postPush } from './push-target.js';

let loadingWebPush: Promise<typeof webpushModule> | undefined;

/**
 * web-push (and the crypto and HTTP modules it pulls in) only once a key pair is made or a push
 * is sent: most API processes start with the keys stored and may never send one.
 */
function loadWebPush(): Promise<typeof webpushModule> {
  loadingWebPush ??= import('web-push').then((module) => module.default);
  return loadingWebPush;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair, made once and kept in the database so that every API and
 * worker process signs with the same key (subscriptions are bound to the public key).
 */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () =>
    (await db.select().from(appSettings).where(eq(appSettings.key, 'vapid')).limit(1))[0]?.value as
      VapidKeys | undefined;
  const existing = await read();
  if (existing) return existing;
  const webpush = await loadWebPush();
  await db
    .insert(appSettings)
    .values({ key: 'vapid', value: webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error('VAPID keys could not be stored');
  return made;
}

/** A P-256 public key (65 bytes, uncompressed) and a 16-byte secret, as browsers make them. */
export const validPushKeys = (keys: { p256dh: string; auth: string }) => {
  const point = Buffer.from(keys.p256dh, 'base64url');
  return point.length === 65 && point[0] === 4 && Buffer.from(keys.auth, 'base64url').length === 16;
};

const fill = (template: string, name: string) => template.replace('{{name}}', name);

/** The line under the title: a notice in the browser's language, else the stored text. */
function bodyOf(n: NotificationRow, lang: 'en' | 'hi'): string {
  if (!n.notice) return n.text ?? '';
  return notificationNotices[lang][n.notice].replace('{{reason}}', n.text ?? '');
}

/**
 * Sends one notification to every browser the user subscribed, in that browser's language.
 * Endpoints the push service says are gone (404, 410) are deleted.
 */
export async function sendPush(
  deps: { db: Db; log: Logger; subject: string; policy: PushPolicy },
  userId: string,
  notificationId: string,
): Promise<void> {
  const [row] = await notificationPage(deps.db, userId, { limit: 1, id: notificationId });
  if (!row) return;
  const subscriptions = await pushSubscriptionsOf(deps.db, userId);
  if (subscriptions.length === 0) return;
  const keys = await vapidKeys(deps.db);
  const webpush = await loadWebPush();
  const n = row.notification;
  await Promise.all(
    subscriptions.map(async (sub) => {
      const payload = JSON.stringify({
        title: fill(notificationTitles[sub.lang][n.kind], row.actor?.name ?? ''),
        body: bodyOf(n, sub.lang),
        link: n.link ?? '/notification',
        tag: n.id,
      });
      // web-push builds the request (VAPID JWT, aes128gcm body); postPush sends it, to an
      // allowed host on a public address only. web-push's own sendNotification would go
      // anywhere the subscription says, and speaks TLS only (tests run a plain-http service).
      let request: ReturnType<typeof webpushModule.generateRequestDetails> & { body: Buffer };
      try {
        request = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: {
              subject: deps.subject,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: 24 * 3600,
          },
        );
      } catch (err) {
        // Keys no browser could have made: nothing can ever be encrypted for them.
        deps.log.warn({ err, notificationId }, 'push subscription unusable, deleted');
        await deletePushSubscription(deps.db, sub.endpoint);
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      let status: number;
      try {
        status = await postPush(
          request.endpoint,
          { headers, body: new Uint8Array(request.body) },
          deps.policy,
          10_000,
        );
      } catch (err) {
        deps.log.warn({ err, notificationId }, 'web push failed');
        return;
      }
      if (status === 404 || status === 410) {
        await deletePushSubscription(deps.db, sub.endpoint);
      } else if (status < 200 || status >= 300) {
        deps.log.warn({ status, notificationId }, 'web push refused');
      }
    }),
  );
}
