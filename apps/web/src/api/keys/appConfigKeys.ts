export const appConfigKeys = {
  all: ['app-config'] as const,
};
