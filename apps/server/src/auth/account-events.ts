import { accountBlockedEvent } from '@saathi/contract';
import type { Hub } from '../realtime/hub.js';

/** Events about the account itself, joined by every live stream its sessions hold open. */
export const accountChannel = (userId: string) => `account:${userId}`;

export async function announceBlocked(hub: Hub, userId: string): Promise<void> {
  await hub.publish(accountChannel(userId), accountBlockedEvent, {});
}
