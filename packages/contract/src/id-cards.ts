import { z } from 'zod';
import { multilineInput, textInput } from './text.js';
import { defineCall } from './call.js';
import { rateLimits } from './limits.js';
import type { MessageCode } from './messages.js';
import type { SelfUser } from './users.js';
import { coded } from './coded.js';
import { saidFields } from './said.js';
import { photoRule } from './file-rules.js';

/** The longest text each field of the card takes; the form's inputs stop there too. */
export const cardFieldMax = {
  name: 60,
  fatherName: 60,
  designation: 40,
  mobile: 20,
  dlNo: 30,
  policeStation: 60,
  city: 60,
  state: 60,
  memberAddress: 300,
} as const;

/**
 * A required text field whose one message names it, for a missing and a too long value alike.
 * `lines` for the address, which the form takes in a textarea.
 */
const required = (max: number, code: MessageCode, { lines = false } = {}) =>
  (lines ? multilineInput : textInput)(coded(code))
    .trim()
    .min(1, coded(code))
    .max(max, coded(code));

export const bloodGroups = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

/**
 * A date of birth: YYYY-MM-DD naming a day that exists (no 1988-02-30), from 1900 on and not
 * after today anywhere on Earth (UTC+14), so a phone's local "today" is never refused.
 */
export function isBirthDate(value: string, now = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return false;
  const latest = new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return value >= '1900-01-01' && value <= latest;
}

/**
 * The card vouches for a driver the team has checked: why an account may not apply, or null
 * when it may (a verified driver, also once promoted to admin).
 */
export function cardRefusal(
  user: Pick<SelfUser, 'usertype' | 'verification'>,
): 'card_drivers_only' | 'card_driver_unverified' | null {
  if (user.verification === 'verified') return null;
  return user.usertype === 'driver' ? 'card_driver_unverified' : 'card_drivers_only';
}

/** Text fields of POST /api/driver-id/apply; the photo rides as `photo`. */
export const cardApplicationFields = z.object({
  userId: z.uuid().optional(),
  name: required(cardFieldMax.name, 'card_name_invalid'),
  fatherName: required(cardFieldMax.fatherName, 'card_father_name_invalid'),
  designation: required(cardFieldMax.designation, 'card_designation_invalid').default('Driver'),
  mobile: required(cardFieldMax.mobile, 'card_mobile_invalid'),
  dlNo: required(cardFieldMax.dlNo, 'card_dl_no_invalid'),
  policeStation: required(cardFieldMax.policeStation, 'card_police_station_invalid'),
  city: required(cardFieldMax.city, 'card_city_invalid'),
  state: required(cardFieldMax.state, 'card_state_invalid'),
  bloodGroup: z.enum(bloodGroups, coded('card_blood_group_invalid')),
  dob: textInput(coded('card_dob_invalid'))
    .trim()
    .refine((v) => isBirthDate(v), coded('card_dob_invalid')),
  memberAddress: required(cardFieldMax.memberAddress, 'card_address_invalid', {
    lines: true,
  }),
});

/** The whole card: only ever sent to its holder (or an admin). */
export const driverCard = z.object({
  _id: z.uuid(),
  userId: z.uuid(),
  cardNo: z.string(),
  name: z.string(),
  fatherName: z.string(),
  designation: z.string(),
  mobile: z.string(),
  dlNo: z.string(),
  policeStation: z.string(),
  city: z.string(),
  state: z.string(),
  bloodGroup: z.string(),
  dob: z.string(),
  memberAddress: z.string(),
  photoUrl: z.string(),
  issueDate: z.string(),
  expiryDate: z.string(),
  /** The public page a QR code on the card points at. */
  verifyUrl: z.string(),
});
export type DriverCard = z.infer<typeof driverCard>;

/** What a checker sees after scanning the QR code: nothing private. */
export const publicCard = z.object({
  cardNo: z.string(),
  name: z.string(),
  designation: z.string(),
  photoUrl: z.string(),
  expiryDate: z.string(),
  valid: z.boolean(),
});

const cardResponse = z.object({ success: z.literal(true), card: driverCard });

export const idCardCalls = {
  apply: defineCall({
    method: 'POST',
    path: '/api/driver-id/apply',
    summary: 'Apply for the driver ID card (multipart); the server assigns number and dates',
    auth: 'user',
    multipart: { fields: cardApplicationFields, files: { photo: photoRule('card_photo_type') } },
    response: cardResponse.extend(saidFields),
  }),
  byUser: defineCall({
    method: 'GET',
    path: '/api/driver-id/user/:userId',
    summary: "The caller's own card (admins: anyone's)",
    auth: 'user',
    params: z.object({ userId: z.uuid(coded('card_not_found')) }),
    response: cardResponse,
  }),
  byMobile: defineCall({
    method: 'GET',
    path: '/api/driver-id/mobile/:mobile',
    summary: "The caller's own card by their mobile number (admins: anyone's)",
    auth: 'user',
    params: z.object({ mobile: textInput().min(1).max(20) }),
    response: cardResponse,
  }),
  verify: defineCall({
    method: 'GET',
    path: '/api/driver-id/verify/:cardNo',
    summary: 'Public check of a card: name, photo, designation, number, valid or expired',
    auth: 'public',
    params: z.object({ cardNo: textInput().regex(/^\d{5}$/, coded('card_not_found')) }),
    response: z.object({ success: z.literal(true), card: publicCard }),
    // Per IP, so the 90,000 card numbers cannot be walked to list drivers' names and photos.
    limits: [
      {
        counter: 'cardcheck',
        per: 'ip',
        max: rateLimits.cardChecksPerIp,
        windowSeconds: rateLimits.windowSeconds,
        code: 'card_checks_too_many',
      },
    ],
  }),
};
