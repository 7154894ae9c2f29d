/** Everything about follows sits under `all`, so one change can refresh it all. */
export const followKeys = {
  all: ['follows'] as const,
  stats: (userId: string) => ['follows', 'stats', userId] as const,
  state: (userId: string) => ['follows', 'state', userId] as const,
  followers: (userId: string) => ['follows', 'followers', userId] as const,
  following: (userId: string) => ['follows', 'following', userId] as const,
  suggestions: ['follows', 'suggestions'] as const,
};
