import { z } from 'zod';
import { multilineInput, optionalHindiName, textInput } from './text.js';
import { defineCall } from './call.js';
import { coded } from './coded.js';
import type { MessageCode } from './messages.js';
import { saidFields } from './said.js';

export const helpMessages = {
  help_location_required: 'Help request needs location text',
  help_location_too_long: 'The location text can be at most 300 characters',
  help_number_invalid: 'Choose a valid phone number',
  help_contact_name_too_long: 'The contact name can be at most 60 characters',
  help_latitude_range: 'latitude must be a number between -90 and 90',
  help_longitude_range: 'longitude must be a number between -180 and 180',
  help_coordinates_pair: 'Send latitude and longitude together',
  help_client_request_id_invalid: 'clientRequestId must be a UUID made by the phone',
  help_sent: 'Request sent to Admin',
  help_too_many:
    'You have sent many help requests in a few minutes. Our team has them; please call a number if it is urgent.',
  help_request_not_found: 'This help request does not exist',
  help_already_claimed: 'Another admin has already claimed this request',
  help_already_resolved: 'This help request is already resolved',
  help_note_required: 'Please write a note',
  help_answer_required: 'Please write an answer for the driver',
  help_text_too_long: 'The text can be at most 1000 characters',
  team_name_required: 'Please enter the team name',
  team_name_too_long: 'The team name can be at most 60 characters',
  team_number_invalid: 'Enter a valid phone number, for example +91 98765 43210 or 1800 123 4567',
  team_contact_not_found: 'This team number does not exist',
} as const;

export const helpSources = ['help', 'team', 'sos'] as const;
export type HelpSource = (typeof helpSources)[number];

export const helpStatuses = ['open', 'claimed', 'resolved'] as const;
export type HelpStatus = (typeof helpStatuses)[number];

export const helpLimits = {
  locationMax: 300,
  contactNameMax: 60,
  textMax: 1000,
  /** Help and team requests per user per window; SOS is never refused. */
  requestsPerWindow: 6,
  windowSeconds: 10 * 60,
  /**
   * A request within this long of the same driver's last one of the same kind (and, but for
   * SOS, the same number), while that one is not resolved, is a repeat: it updates that
   * request and counts, rather than adding another to the team's queue.
   */
  repeatWindowSeconds: 5 * 60,
} as const;

/**
 * A number a phone can dial: digits with optional +, spaces and dashes; 3 to 15 digits, so
 * the national short codes (100, 108, 1091) and toll-free numbers (1800 ...) pass as well.
 */
export const dialableNumber = /^\+?\d[\d\s-]*\d$/;
const digitCount = (value: string) => value.replace(/\D/g, '').length;
const isDialable = (value: string) =>
  dialableNumber.test(value) && digitCount(value) >= 3 && digitCount(value) <= 15;

function coordinate(min: number, max: number, code: MessageCode) {
  return z.number(coded(code)).min(min, coded(code)).max(max, coded(code)).nullable().optional();
}

/** POST /api/v1/request: the spec's location and helpnumber, plus what an admin needs to act. */
export const helpRequestBody = z
  .object({
    location: textInput(coded('help_location_required'))
      .trim()
      .min(1, coded('help_location_required'))
      .max(helpLimits.locationMax, coded('help_location_too_long')),
    helpnumber: textInput(coded('help_number_invalid'))
      .trim()
      .max(24, coded('help_number_invalid'))
      .refine((v) => v === '' || isDialable(v), coded('help_number_invalid'))
      .default(''),
    latitude: coordinate(-90, 90, 'help_latitude_range'),
    longitude: coordinate(-180, 180, 'help_longitude_range'),
    contactName: textInput()
      .trim()
      .max(helpLimits.contactNameMax, coded('help_contact_name_too_long'))
      .default(''),
    source: z.enum(helpSources).default('help'),
    /**
     * The phone's own key for this request (crypto.randomUUID), kept with it while unconfirmed:
     * a retry with the same key answers the same request instead of adding one.
     */
    clientRequestId: z.uuid(coded('help_client_request_id_invalid')).optional(),
  })
  .refine((b) => (b.latitude == null) === (b.longitude == null), coded('help_coordinates_pair'));
export type HelpRequestInput = z.input<typeof helpRequestBody>;

export const teamContact = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The name for readers in Hindi; null when the team gave none. */
  nameHi: z.string().nullable(),
  number: z.string(),
  position: z.number().int(),
});
export type TeamContact = z.infer<typeof teamContact>;

export const teamContactBody = z.object({
  name: textInput(coded('team_name_required'))
    .trim()
    .min(1, coded('team_name_required'))
    .max(helpLimits.contactNameMax, coded('team_name_too_long')),
  nameHi: optionalHindiName(helpLimits.contactNameMax, 'team_name_too_long'),
  number: textInput(coded('team_number_invalid'))
    .trim()
    .max(24, coded('team_number_invalid'))
    .refine(isDialable, coded('team_number_invalid')),
  position: z.number().int().min(0).max(1000).default(0),
});

const personRef = z.object({ _id: z.uuid(), name: z.string() });

/** What the admin console sees of a help request. The driver's number is for admins only. */
export const helpRequestView = z.object({
  _id: z.uuid(),
  user: z.object({ _id: z.uuid(), name: z.string(), number: z.string() }),
  helpnumber: z.string(),
  contactName: z.string(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  source: z.enum(helpSources),
  status: z.enum(helpStatuses),
  createdAt: z.string(),
  claimedBy: personRef.nullable(),
  claimedAt: z.string().nullable(),
  resolvedBy: personRef.nullable(),
  resolvedAt: z.string().nullable(),
  answer: z.string().nullable(),
  /** How many times the driver asked: 1, or more when repeats were merged into this one. */
  repeatCount: z.number().int().min(1),
  /** When the driver last asked (createdAt, or the latest repeat's time). */
  lastRequestedAt: z.string(),
});
export type HelpRequestView = z.infer<typeof helpRequestView>;

export const helpNote = z.object({
  _id: z.uuid(),
  text: z.string(),
  author: personRef.nullable(),
  createdAt: z.string(),
});
export type HelpNote = z.infer<typeof helpNote>;

const helpText = (required: MessageCode) =>
  multilineInput(coded(required))
    .trim()
    .min(1, coded(required))
    .max(helpLimits.textMax, coded('help_text_too_long'));

export const helpRequestIdParam = z.object({
  id: z.uuid(coded('help_request_not_found')),
});
export const teamContactIdParam = z.object({
  id: z.uuid(coded('team_contact_not_found')),
});

/** `active` (the default queue) is open and claimed requests; the others are one status or all. */
export const helpQueueFilters = ['active', 'open', 'claimed', 'resolved', 'all'] as const;
export type HelpQueueFilter = (typeof helpQueueFilters)[number];

const requestAnswer = z.object({ success: z.literal(true), request: helpRequestView });
const contactsAnswer = z.object({ success: z.literal(true), contacts: z.array(teamContact) });

export const helpCalls = {
  send: defineCall({
    method: 'POST',
    path: '/api/v1/request',
    summary:
      'Ask the team for help (Help button, Call Our Team, SOS); admins are told at once. A repeat within 5 minutes, or a retry with the same clientRequestId, answers the same request id',
    auth: 'user',
    body: helpRequestBody,
    response: z.object({ success: z.literal(true), ...saidFields, id: z.uuid() }),
  }),
  teamContacts: defineCall({
    method: 'GET',
    path: '/api/v1/team-contacts',
    summary: "The Help screen's Call Our Team list",
    auth: 'user',
    response: contactsAnswer,
  }),
  adminList: defineCall({
    method: 'GET',
    path: '/api/v1/admin/help-requests',
    summary: 'Help requests, newest first; by default the open and claimed ones',
    auth: 'admin',
    query: z.object({
      status: z.enum(helpQueueFilters).default('active'),
      cursor: textInput().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    response: z.object({
      success: z.literal(true),
      requests: z.array(helpRequestView),
      nextCursor: z.string().nullable(),
    }),
  }),
  adminGet: defineCall({
    method: 'GET',
    path: '/api/v1/admin/help-requests/:id',
    summary: 'One help request with the team notes',
    auth: 'admin',
    params: helpRequestIdParam,
    response: requestAnswer.extend({ notes: z.array(helpNote) }),
  }),
  claim: defineCall({
    method: 'POST',
    path: '/api/v1/admin/help-requests/:id/claim',
    summary: 'Take a help request on, so other admins know someone is on it',
    auth: 'admin',
    params: helpRequestIdParam,
    response: requestAnswer,
  }),
  addNote: defineCall({
    method: 'POST',
    path: '/api/v1/admin/help-requests/:id/notes',
    summary: 'Add a team note (admins only; the driver never sees notes)',
    auth: 'admin',
    params: helpRequestIdParam,
    body: z.object({ text: helpText('help_note_required') }),
    response: requestAnswer.extend({ note: helpNote }),
  }),
  resolve: defineCall({
    method: 'POST',
    path: '/api/v1/admin/help-requests/:id/resolve',
    summary: 'Close a help request; the answer is sent to the driver as a notification',
    auth: 'admin',
    params: helpRequestIdParam,
    body: z.object({ answer: helpText('help_answer_required') }),
    response: requestAnswer,
  }),
  createTeamContact: defineCall({
    method: 'POST',
    path: '/api/v1/admin/team-contacts',
    summary: 'Add a Call Our Team entry',
    auth: 'admin',
    body: teamContactBody,
    response: z.object({ success: z.literal(true), contact: teamContact }),
  }),
  updateTeamContact: defineCall({
    method: 'PUT',
    path: '/api/v1/admin/team-contacts/:id',
    summary: 'Change a Call Our Team entry',
    auth: 'admin',
    params: teamContactIdParam,
    body: teamContactBody,
    response: z.object({ success: z.literal(true), contact: teamContact }),
  }),
  deleteTeamContact: defineCall({
    method: 'DELETE',
    path: '/api/v1/admin/team-contacts/:id',
    summary: 'Remove a Call Our Team entry',
    auth: 'admin',
    params: teamContactIdParam,
    response: z.object({ success: z.literal(true) }),
  }),
};

/** The spec's national numbers, the same in every deployment (Emergency Call modal). */
export const emergencyNumbers = [
  { name: 'Police', number: '100' },
  { name: 'Ambulance', number: '108' },
  { name: 'Fire', number: '101' },
  { name: 'Disaster Management', number: '112' },
  { name: 'Women Helpline', number: '1091' },
] as const;
