export const commentKeys = {
  ofPost: (postId: string) => ['comments', postId] as const,
};
