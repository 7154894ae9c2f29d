/** Another user's profile page (their details, counts and posts). */
export const profileKeys = {
  one: (userId: string) => ['profile', userId] as const,
};
