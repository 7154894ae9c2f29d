/** Every cached list or copy of posts sits under `all`, so one refresh reaches them all. */
export const postKeys = {
  all: ['posts'] as const,
  feeds: ['posts', 'feed'] as const,
  feed: (emergency: boolean) => ['posts', 'feed', { emergency }] as const,
  one: (id: string) => ['posts', 'one', id] as const,
  mine: ['posts', 'mine'] as const,
};
