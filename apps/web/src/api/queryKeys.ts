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
};
