/** The signed-in account (`/me`); a sign-in or a profile change writes it directly. */
export const meKeys = {
  all: ['me'] as const,
};
