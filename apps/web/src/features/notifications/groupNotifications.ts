import type { AppNotification } from '@saathi/contract';

export type GroupKey = 'today' | 'yesterday' | 'earlier';

export interface NotificationGroup {
  key: GroupKey;
  items: AppNotification[];
}

function dayStart(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Newest-first rows under Today, Yesterday and Earlier, by the phone's own calendar day. */
export function groupNotifications(
  items: readonly AppNotification[],
  now: Date = new Date(),
): NotificationGroup[] {
  const today = dayStart(now);
  const yesterday = today - 24 * 60 * 60 * 1000;
  const groups: Record<GroupKey, AppNotification[]> = { today: [], yesterday: [], earlier: [] };
  for (const item of items) {
    const at = new Date(item.createdAt).getTime();
    const key: GroupKey = at >= today ? 'today' : at >= yesterday ? 'yesterday' : 'earlier';
    groups[key].push(item);
  }
  return (['today', 'yesterday', 'earlier'] as const)
    .map((key) => ({ key, items: groups[key] }))
    .filter((group) => group.items.length > 0);
}
