import type { Hub } from '../realtime/hub.js';

/** Events about the account itself, joined by every live stream its sessions hold open. */
export const accountChannel = (userId: string) => `account:${userId}`;

/** Internal: never forwarded to a client, it only makes the account's streams check again. */
const accessChangedEvent = 'access_changed';

/**
 * Tells every process that the account's right to its live streams may have changed (a
 * block, a revoked session, a lost admin role), so each of its open streams checks its session
 * at once and ends if it no longer stands. Publish after the change is committed, or a stream
 * can check before it and go on.
 */
export async function announceAccessChanged(hub: Hub, userId: string): Promise<void> {
  await hub.publish(accountChannel(userId), accessChangedEvent, {});
}
