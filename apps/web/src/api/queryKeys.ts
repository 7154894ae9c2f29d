export const queryKeys = {
  me: ['me'] as const,
  appConfig: ['app-config'] as const,
  /** Every cached list or copy of posts sits under this prefix, so a like can patch them all. */
  posts: ['posts'] as const,
  feed: (emergency: boolean) => ['posts', 'feed', { emergency }] as const,
  feedAll: ['posts', 'feed'] as const,
  post: (id: string) => ['posts', 'one', id] as const,
  postOne: ['posts', 'one'] as const,
  myPosts: ['posts', 'mine'] as const,
  comments: (postId: string) => ['comments', postId] as const,
  /** Everything about follows sits under this prefix, so one change can refresh it all. */
  follows: ['follows'] as const,
  followStats: (userId: string) => ['follows', 'stats', userId] as const,
  followState: (userId: string) => ['follows', 'state', userId] as const,
  followers: (userId: string) => ['follows', 'followers', userId] as const,
  following: (userId: string) => ['follows', 'following', userId] as const,
  suggestions: ['follows', 'suggestions'] as const,
  profiles: ['profile'] as const,
  profile: (userId: string) => ['profile', userId] as const,
  notifications: ['notifications'] as const,
  notificationList: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread'] as const,
};
