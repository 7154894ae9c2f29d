export const directoryKeys = {
  businesses: ['directory', 'businesses'] as const,
  safety: ['directory', 'safety'] as const,
};
