/**
 * Every message the server sends a user, keyed by a stable code. The web app shows
 * `errors.<code>` from its i18n files when it has a translation and falls back to this text.
 */
export const messages = {
  invalid_input: 'Some of the details are not valid',
  name_required: 'Name is required',
  name_length: 'Name must be 2 to 30 characters',
  number_required: 'Phone number is required',
  number_invalid: 'Enter a valid 10-digit Indian mobile number',
  number_taken: 'An account with this phone number already exists',
  password_required: 'Password is required',
  password_short: 'Password must be at least 4 characters',
  password_long: 'Password is too long',
  reset_password_short: 'Password must be at least 8 characters',
  passwords_mismatch: 'Passwords do not match',
  documents_required: 'Please upload all required documents',
  document_not_image: 'Identity documents must be JPEG, PNG, WebP or HEIC images',
  file_too_large: 'Each file must be 10 MB or smaller',
  bad_multipart: 'The upload could not be read. Please try again.',
  login_failed: 'Invalid phone number or password',
  not_signed_in: 'Please login to continue',
  session_expired: 'Your session has ended. Please login again.',
  account_blocked: 'Your account has been blocked',
  forbidden: 'You are not allowed to do this',
  not_found: 'Not found',
  route_not_found: 'This address does not exist',
  reset_sent: 'If an account exists for this number, a reset link has been sent to it by SMS.',
  reset_invalid: 'This reset link is invalid or has expired. Please request a new one.',
  reset_done: 'Your password has been reset. Please login with the new password.',
  logged_out: 'Logout success',
  registered: 'Registered Successfully!',
  user_registered: 'Registration successful! You can now log in.',
  logged_in: 'Login Successful!',
  too_many_attempts: 'Too many attempts. Please wait a few minutes and try again.',
  server_error: 'Something went wrong on our side. Please try again.',
} as const;

export type MessageCode = keyof typeof messages;
