export const queryKeys = {
  me: ['me'] as const,
  appConfig: ['app-config'] as const,
};
