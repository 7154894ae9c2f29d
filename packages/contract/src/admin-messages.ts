/**
 * Messages of the admin console's user, account and audit calls. Kept apart from the call
 * declarations (which use `messages` from messages.ts) so messages.ts can spread them.
 */
export const adminMessages = {
  admin_reason_required: 'Please write a reason',
  admin_reason_too_long: 'The reason can be at most 500 characters',
  admin_search_too_long: 'The search can be at most 60 characters',
  not_a_driver: 'Only a driver account has documents to verify',
  identity_document_not_found: 'This document does not exist',
  identity_document_erased:
    'This image was erased after the verification decision, as the privacy policy says',
  cannot_block_self: 'You cannot block your own account',
  cannot_block_admin: 'Remove the admin role before blocking this account',
  already_blocked: 'This account is already blocked',
  not_blocked: 'This account is not blocked',
  cannot_demote_self: 'You cannot remove your own admin role',
  demotion_last_admin:
    'Another admin must stay to run the console. Make another account an admin first.',
  already_admin: 'This account is already an admin',
  not_admin: 'This account is not an admin',
  cannot_promote_blocked: 'Unblock this account before making it an admin',
  driver_verified: 'Driver verified',
  driver_rejected: 'Driver verification rejected',
  user_blocked: 'Account blocked',
  user_unblocked: 'Account unblocked',
  admin_created: 'Admin account created',
  admin_promoted: 'This account is now an admin',
  admin_demoted: 'The admin role was removed',
} as const;
