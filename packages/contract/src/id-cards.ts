import { z } from 'zod';
import { defineCall } from './call.js';
import { messages } from './messages.js';

const required = (max: number) =>
  z
    .string({ error: messages.card_fields_required })
    .trim()
    .min(1, messages.card_fields_required)
    .max(max);

export const bloodGroups = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

/** Text fields of POST /api/driver-id/apply; the photo rides as `photo`. */
export const cardApplicationFields = z.object({
  userId: z.uuid().optional(),
  name: required(60),
  fatherName: required(60),
  designation: required(40).default('Driver'),
  mobile: required(20),
  dlNo: required(30),
  policeStation: required(60),
  city: required(60),
  state: required(60),
  bloodGroup: z.enum(bloodGroups, { error: messages.card_fields_required }),
  dob: z
    .string({ error: messages.card_fields_required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.card_fields_required),
  memberAddress: required(300),
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
    multipart: { fields: cardApplicationFields, files: ['photo'] },
    response: cardResponse.extend({ message: z.string() }),
  }),
  byUser: defineCall({
    method: 'GET',
    path: '/api/driver-id/user/:userId',
    summary: "The caller's own card (admins: anyone's)",
    auth: 'user',
    params: z.object({ userId: z.uuid({ error: messages.card_not_found }) }),
    response: cardResponse,
  }),
  byMobile: defineCall({
    method: 'GET',
    path: '/api/driver-id/mobile/:mobile',
    summary: "The caller's own card by their mobile number (admins: anyone's)",
    auth: 'user',
    params: z.object({ mobile: z.string().min(1).max(20) }),
    response: cardResponse,
  }),
  verify: defineCall({
    method: 'GET',
    path: '/api/driver-id/verify/:cardNo',
    summary: 'Public check of a card: name, photo, designation, number, valid or expired',
    auth: 'public',
    params: z.object({ cardNo: z.string().regex(/^\d{5}$/, messages.card_not_found) }),
    response: z.object({ success: z.literal(true), card: publicCard }),
  }),
};
