import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pickColumns } from './pick-columns.js';
import { users, type UserRow } from './schema/index.js';

/**
 * The user columns each kind of answer needs, so a read that joins users carries only those
 * (the password hash, block and deletion details stay in the database): they ride on every
 * feed page, comment list and session lookup. Add a column here when a presenter uses it.
 */
const authorKeys = ['id', 'name', 'usertype', 'profileImage', 'showNumber', 'phone'] as const;
/** An author beside what they wrote (auth/viewer.ts publicAuthorOf): the number only if shown. */
export type AuthorRow = Pick<UserRow, (typeof authorKeys)[number]>;
/** Also for an alias of users (a notification's actor). */
export const authorColumnsOf = <T extends Record<(typeof authorKeys)[number], AnyPgColumn>>(
  table: T,
) => pickColumns(table, authorKeys);
export const authorColumns = authorColumnsOf(users);

const profileKeys = [...authorKeys, 'createdAt', 'followersCount', 'followingCount'] as const;
/** Another user's profile: the author's fields, when they joined, and their follow counts. */
export type ProfileRow = Pick<UserRow, (typeof profileKeys)[number]>;
export const profileColumns = pickColumns(users, profileKeys);

const sessionKeys = [
  'id',
  'name',
  'phone',
  'usertype',
  'verification',
  'verificationNote',
  'profileImage',
  'remindSalah',
  'showNumber',
  'blockedAt',
  'blockReason',
  'deletionDueAt',
  'createdAt',
] as const;
/**
 * The caller of a request, read with its session on every authenticated call: what their own
 * account view (selfView) and the checks on them need. Their password hash is read only by
 * the calls that ask for the password (auth/password-check.ts).
 */
export type SessionUser = Pick<UserRow, (typeof sessionKeys)[number]>;
export const sessionUserColumns = pickColumns(users, sessionKeys);

const adminSummaryKeys = [
  'id',
  'name',
  'phone',
  'usertype',
  'verification',
  'blockedAt',
  'profileImage',
  'createdAt',
] as const;
/** A row of the console's user list (features/admin/present-user.ts adminSummaryOf). */
export type AdminSummaryRow = Pick<UserRow, (typeof adminSummaryKeys)[number]>;
export const adminSummaryColumns = pickColumns(users, adminSummaryKeys);

const adminDetailKeys = [
  ...adminSummaryKeys,
  'verificationNote',
  'blockReason',
  'followersCount',
  'followingCount',
] as const;
/**
 * One account in the console (present-user.ts adminDetailOf) and the account a moderation
 * call acts on: never its password hash.
 */
export type AdminDetailRow = Pick<UserRow, (typeof adminDetailKeys)[number]>;
export const adminDetailColumns = pickColumns(users, adminDetailKeys);
