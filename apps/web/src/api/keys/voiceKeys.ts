export const voiceKeys = {
  notes: ['voice', 'notes'] as const,
  audios: ['voice', 'audios'] as const,
};
