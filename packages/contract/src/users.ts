import { z } from 'zod';

export const userTypes = ['driver', 'user', 'admin'] as const;
export const userType = z.enum(userTypes);
export type UserType = z.infer<typeof userType>;

export const verificationStatus = z.enum(['pending', 'verified', 'rejected', 'not_required']);

/** block.status is the string 'true' when blocked: the spec's clients compare with it. */
export const blockInfo = z.object({
  status: z.enum(['true', 'false']),
  blockedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BlockInfo = z.infer<typeof blockInfo>;

export const imageRef = z.object({ url: z.string() });

/** The signed-in user's own view of their account. Only ever sent to that user. */
export const selfUser = z.object({
  _id: z.uuid(),
  name: z.string(),
  number: z.string(),
  usertype: userType,
  profileImage: imageRef,
  createdAt: z.string(),
  remindSalah: z.enum(['on', 'off']),
  showNumber: z.boolean(),
  verification: verificationStatus,
  /** Why the team rejected (or a note on) the driver's verification; absent for others. */
  verificationNote: z.string().nullable().optional(),
  block: blockInfo,
  /** ISO time the account is erased, when its owner asked to delete it; null otherwise. */
  deletionDueAt: z.string().nullable().optional(),
});
export type SelfUser = z.infer<typeof selfUser>;

export const defaultProfileImage = '/default-avatar.svg';
