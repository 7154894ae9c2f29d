export const vaultKeys = {
  all: ['vault'] as const,
  count: (userId: string) => ['vault', 'count', userId] as const,
  documents: (userId: string) => ['vault', 'documents', userId] as const,
};
