import { limits, normalizeIndianMobile, type MessageCode } from '@saathi/contract';

/** Client copies of the server's rules, for feedback before a slow network round trip. */
export type FieldErrors<Field extends string> = Partial<Record<Field, MessageCode>>;

export function checkPhone(value: string): MessageCode | undefined {
  if (value.trim() === '') return 'number_required';
  return normalizeIndianMobile(value) ? undefined : 'number_invalid';
}

export function checkSignInPassword(value: string, min = 1): MessageCode | undefined {
  if (value === '') return 'password_required';
  if (value.length < min) return 'password_short';
  return value.length > limits.passwordMax ? 'password_long' : undefined;
}

export function checkNewPassword(value: string): MessageCode | undefined {
  return checkSignInPassword(value, limits.passwordMinSignUp);
}

export function checkName(value: string): MessageCode | undefined {
  const name = value.trim();
  if (name === '') return 'name_required';
  return name.length < limits.nameMin || name.length > limits.nameMax ? 'name_length' : undefined;
}

export function checkResetPasswords(
  password: string,
  confirmPassword: string,
): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (password === '') errors.password = 'password_required';
  else if (password.length < limits.passwordMinReset) errors.password = 'reset_password_short';
  else if (password.length > limits.passwordMax) errors.password = 'password_long';
  if (confirmPassword === '') errors.confirmPassword = 'password_required';
  else if (confirmPassword.length < limits.passwordMinReset)
    errors.confirmPassword = 'reset_password_short';
  else if (!errors.password && password !== confirmPassword)
    errors.confirmPassword = 'passwords_mismatch';
  return errors;
}

export function hasErrors(errors: Record<string, MessageCode | undefined>): boolean {
  return Object.values(errors).some((code) => code !== undefined);
}
