import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall } from './call.js';
import { coordinate } from './geo.js';
import { coded } from './coded.js';

export const locationMessages = {
  location_latitude_required: 'latitude is required',
  location_latitude_number: 'latitude must be a number, for example 28.6139',
  location_latitude_range: 'latitude must be between -90 and 90',
  location_longitude_required: 'longitude is required',
  location_longitude_number: 'longitude must be a number, for example 77.2090',
  location_longitude_range: 'longitude must be between -180 and 180',
  location_accuracy_invalid: 'accuracy must be a number of metres',
  location_not_yours: 'You can only share your own location: driverId must be your own id',
  location_too_many:
    'You have shared your location many times in a few minutes. Please wait a little and try again.',
  location_recorded_at_invalid:
    'recordedAt must be an ISO time from the last 24 hours, not in the future',
  location_implausible:
    'This location is too far from your last one to have driven there since. Please try again in a few minutes.',
} as const;

/** Spec 001 section 9 (the browser's side) and how long the server keeps the trail. */
export const locationLimits = {
  timeoutMs: 10_000,
  screenMaximumAgeMs: 0,
  trackerMaximumAgeMs: 300_000,
  trackerIntervalMs: 120_000,
  /** Location history is personal data: deleted after this many days. */
  historyDays: 30,
  /** Reports closer together than this update the last location but add no history row. */
  historyMinGapSeconds: 20,
  /** Spec: coordinates shown to 6 decimals. */
  decimals: 6,
  /**
   * Reports per user per window: the tracker sends 3 in 5 minutes, which leaves room for
   * several Get and Refresh taps on the Location screen.
   */
  updatesPerWindow: 10,
  updatesWindowSeconds: 5 * 60,
  /** Faster than this from the last stored location is refused: no truck drives it. */
  maxSpeedKmh: 200,
  /** Any move this short is allowed at once: a phone's fixes wander by a few km indoors. */
  jumpSlackKm: 3,
  /** A report queued on a phone without network may be sent this late, with its own time. */
  recordedAtMaxAgeMs: 24 * 3600 * 1000,
  /** Phone clocks run a little fast or slow: a time this far ahead is taken as now. */
  recordedAtClockSkewMs: 2 * 60 * 1000,
} as const;

// The screen sends numbers, the tracker sends strings ('28.6139'): both arrive as a number.
const numbersOrText = { numbers: true };

/** POST /api/v1/update/location, both forms of the spec. */
export const updateLocationBody = z.object({
  latitude: coordinate(
    -90,
    90,
    {
      required: 'location_latitude_required',
      number: 'location_latitude_number',
      range: 'location_latitude_range',
    },
    numbersOrText,
  ),
  longitude: coordinate(
    -180,
    180,
    {
      required: 'location_longitude_required',
      number: 'location_longitude_number',
      range: 'location_longitude_range',
    },
    numbersOrText,
  ),
  /** The tracker's form names the driver; it must be the caller. */
  driverId: textInput().max(100).optional(),
  /** Metres, as the phone reports it (GeolocationCoordinates.accuracy). */
  accuracy: z
    .number(coded('location_accuracy_invalid'))
    .min(0, coded('location_accuracy_invalid'))
    .max(1_000_000, coded('location_accuracy_invalid'))
    .optional(),
  /**
   * When the phone took the position, for a report sent late (queued offline); the server's
   * time when absent. Checked when parsed, against the clock of the one parsing it.
   */
  recordedAt: z.iso
    .datetime({ offset: true, ...coded('location_recorded_at_invalid') })
    .refine((value) => {
      const age = Date.now() - Date.parse(value);
      return (
        age <= locationLimits.recordedAtMaxAgeMs && age >= -locationLimits.recordedAtClockSkewMs
      );
    }, coded('location_recorded_at_invalid'))
    .optional(),
});
export type UpdateLocationBody = z.input<typeof updateLocationBody>;

export const storedLocation = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  /** ISO time the server received it. */
  timestamp: z.string(),
});
export type StoredLocation = z.infer<typeof storedLocation>;

export const locationCalls = {
  update: defineCall({
    method: 'POST',
    path: '/api/v1/update/location',
    summary: "Share the caller's location (numbers, or the tracker's strings with driverId)",
    auth: 'user',
    body: updateLocationBody,
    response: z.object({ success: z.literal(true) }),
    limits: [
      {
        counter: 'location',
        per: 'user',
        max: locationLimits.updatesPerWindow,
        windowSeconds: locationLimits.updatesWindowSeconds,
        code: 'location_too_many',
      },
    ],
  }),
  last: defineCall({
    method: 'GET',
    path: '/api/v1/location/last',
    summary: 'The last location the caller shared (only ever their own)',
    auth: 'user',
    response: z.object({ success: z.literal(true), location: storedLocation.nullable() }),
  }),
};
