import type { CardApplication } from './idCardApi';

export const cardFieldNames = [
  'name',
  'fatherName',
  'designation',
  'mobile',
  'dlNo',
  'policeStation',
  'city',
  'state',
  'bloodGroup',
  'dob',
  'memberAddress',
] as const satisfies readonly (keyof CardApplication)[];

export type CardField = (typeof cardFieldNames)[number];

/** Spec 001 section 5: every field is required; the names of the empty ones, in form order. */
export function missingCardFields(fields: CardApplication): CardField[] {
  return cardFieldNames.filter((name) => fields[name].trim() === '');
}

export function isCardPhoto(file: File): boolean {
  return file.type.startsWith('image/');
}
