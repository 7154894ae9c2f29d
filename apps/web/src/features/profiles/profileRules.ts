import { limits, messages } from '@saathi/contract';

/** The message code of a bad name (the server checks the same: 2 to 30 characters). */
export function nameError(name: string): keyof typeof messages | null {
  const length = name.trim().length;
  if (length === 0) return 'name_required';
  if (length < limits.nameMin || length > limits.nameMax) return 'name_length';
  return null;
}

export interface ProfileChange {
  name: string;
  showNumber: boolean;
  /** A new photo, or null to keep the current one. */
  photo: File | null;
  removePhoto: boolean;
}

/** The multipart fields of PUT /api/v1/me/profile. */
export function profileFields(change: ProfileChange): Record<string, string> {
  const fields: Record<string, string> = {
    name: change.name.trim(),
    showNumber: String(change.showNumber),
  };
  if (change.removePhoto && !change.photo) fields.removePhoto = 'true';
  return fields;
}
