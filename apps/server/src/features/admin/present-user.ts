import { defaultProfileImage, type AdminUserDetail, type AdminUserSummary } from '@saathi/contract';
import { blockOf, isBlocked } from '../../auth/viewer.js';
import type { AdminDetailRow, AdminSummaryRow } from '../../db/user-columns.js';
import { mediaUrl } from '../../storage/media-url.js';

/** A user as the console lists them; the number is there because only admins get this. */
export function adminSummaryOf(user: AdminSummaryRow): AdminUserSummary {
  return {
    _id: user.id,
    name: user.name,
    number: user.phone,
    usertype: user.usertype,
    verification: user.verification,
    blocked: isBlocked(user),
    profileImage: { url: user.profileImage ? mediaUrl(user.profileImage) : defaultProfileImage },
    createdAt: user.createdAt.toISOString(),
  };
}

export function adminDetailOf(user: AdminDetailRow): AdminUserDetail {
  return {
    ...adminSummaryOf(user),
    verificationNote: user.verificationNote,
    block: blockOf(user),
    followersCount: user.followersCount,
    followingCount: user.followingCount,
  };
}
