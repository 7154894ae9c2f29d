import type { AdminUserFilter, HelpQueueFilter } from '@saathi/contract';

/**
 * Query keys of the console's screens, all under `all` so a moderation step refreshes every
 * one. They live with the console, not in api/keys, so its chunks stay the console's own.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: (q: string, filter: AdminUserFilter) => ['admin', 'users', { q, filter }] as const,
  user: (userId: string) => ['admin', 'user', userId] as const,
  audit: (action: string) => ['admin', 'audit', { action }] as const,
  reports: ['admin', 'reports'] as const,
  help: ['admin', 'help'] as const,
  helpQueue: (filter: HelpQueueFilter) => ['admin', 'help', 'queue', filter] as const,
  helpRequest: (id: string) => ['admin', 'help', 'one', id] as const,
  businesses: ['admin', 'content', 'businesses'] as const,
  safety: ['admin', 'content', 'safety'] as const,
};
