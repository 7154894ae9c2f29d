export const accountKeys = {
  latestExport: ['account', 'export'] as const,
};
