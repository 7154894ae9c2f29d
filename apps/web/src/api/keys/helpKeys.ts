/** The team's numbers: the Help screen reads them, the console changes them. */
export const helpKeys = {
  teamContacts: ['help', 'team-contacts'] as const,
};
