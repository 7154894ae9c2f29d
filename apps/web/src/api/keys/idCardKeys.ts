export const idCardKeys = {
  ofUser: (userId: string) => ['id-card', userId] as const,
  verify: (cardNo: string) => ['id-card', 'verify', cardNo] as const,
};
