import type { BlockInfo, PublicAuthor, SelfUser } from '@saathi/contract';
import { defaultProfileImage } from '@saathi/contract';
import type { AuthorRow, SessionUser } from '../db/user-columns.js';
import { mediaUrl } from '../storage/media-url.js';

/** The signed-in caller of a request. */
export interface Viewer {
  user: SessionUser;
  sessionId: string;
}

export const isBlocked = (user: Pick<SessionUser, 'blockedAt'>) => user.blockedAt !== null;

/** The owner asked to delete the account and its grace period is over: it is being erased. */
export const deletionPassed = (user: Pick<SessionUser, 'deletionDueAt'>, now = Date.now()) =>
  user.deletionDueAt !== null && user.deletionDueAt.getTime() <= now;

export function blockOf(user: Pick<SessionUser, 'blockedAt' | 'blockReason'>): BlockInfo {
  return {
    status: user.blockedAt ? 'true' : 'false',
    blockedAt: user.blockedAt?.toISOString() ?? null,
    reason: user.blockReason,
  };
}

/** The account as its owner sees it. Never send this for anyone but the caller. */
export function selfView(user: SessionUser): SelfUser {
  return {
    _id: user.id,
    name: user.name,
    number: user.phone,
    usertype: user.usertype,
    profileImage: { url: user.profileImage ? mediaUrl(user.profileImage) : defaultProfileImage },
    createdAt: user.createdAt.toISOString(),
    remindSalah: user.remindSalah ? 'on' : 'off',
    showNumber: user.showNumber,
    verification: user.verification,
    verificationNote: user.verificationNote,
    block: blockOf(user),
    deletionDueAt: user.deletionDueAt?.toISOString() ?? null,
  };
}

/** What anyone may see of a user: the number only when they chose to show it. */
export function publicAuthorOf(user: AuthorRow): PublicAuthor {
  return {
    _id: user.id,
    name: user.name,
    usertype: user.usertype,
    profileImage: { url: user.profileImage ? mediaUrl(user.profileImage) : defaultProfileImage },
    ...(user.showNumber ? { number: user.phone } : {}),
  };
}
