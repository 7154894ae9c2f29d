import { notificationCalls } from '@saathi/contract';
import { request } from '../../api/client';
import type { Language } from '../../i18n/language';

export type PushSupport = 'unsupported' | 'default' | 'granted' | 'denied';

/** Whether this browser can take pushes, and what the person has said so far. */
export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    typeof Notification === 'undefined'
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The VAPID key arrives as base64url; PushManager wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser (reusing an existing subscription) and gives it to the server with
 * the language the push texts should use. Answers the permission the person chose.
 */
export async function enablePush(lang: Language, ask: boolean): Promise<PushSupport> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission = ask ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await request(notificationCalls.pushKey, {});
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
  }
  const json = subscription.toJSON();
  await request(notificationCalls.subscribe, {
    body: {
      endpoint: json.endpoint ?? subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      lang,
    },
  });
  return 'granted';
}
