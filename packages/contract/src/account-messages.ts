/**
 * Messages of the account's own rights (delete my account, download my data). Kept apart from
 * the call declarations so messages.ts can spread them.
 */
export const accountMessages = {
  deletion_password_required: 'Please enter your password to delete your account',
  deletion_password_invalid: 'The password is not correct',
  deletion_scheduled: 'Your account will be deleted in 7 days. Sign in before then to keep it.',
  deletion_already_scheduled: 'Your account is already set to be deleted',
  deletion_cancelled: 'Your account will not be deleted. Welcome back!',
  deletion_not_scheduled: 'Your account is not set to be deleted',
  deletion_last_admin:
    'You are the last admin. Make another account an admin before deleting yours.',
  export_started: 'We are preparing your data. You will get a notification when it is ready.',
  export_in_progress: 'Your data is already being prepared',
  export_not_found: 'This download does not exist',
  export_expired: 'This download has expired. Please ask for your data again.',
} as const;
