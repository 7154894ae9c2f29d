import type { UserType } from '@saathi/contract';

/** Who a sign-in or sign-up screen is for: drivers and normal users have their own pages. */
export type AuthRole = Exclude<UserType, 'admin'>;
