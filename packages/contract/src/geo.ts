import { z } from 'zod';
import { textInput } from './text.js';
import { coded } from './coded.js';
import type { MessageCode } from './messages.js';
import { defineCall } from './call.js';

export const geoMessages = {
  lat_required: 'lat is required',
  lat_number: 'lat must be a number, for example 19.076',
  lat_range: 'lat must be between -90 and 90',
  lon_required: 'lon is required',
  lon_number: 'lon must be a number, for example 72.8777',
  lon_range: 'lon must be between -180 and 180',
} as const;

// Plain decimal degrees only: Number() alone would also take '', '0x1F' or '1e2', and an
// empty `lat=` silently becoming 0 would place the driver in the Gulf of Guinea.
export const decimalDegrees = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export interface CoordinateCodes {
  required: MessageCode;
  number: MessageCode;
  range: MessageCode;
}

/**
 * Decimal degrees between min and max, as a number. Text must be plain decimal degrees and
 * is what a query carries; `numbers` also takes a JSON number, as a body may.
 */
export function coordinate(
  min: number,
  max: number,
  codes: CoordinateCodes,
  { numbers }: { numbers: boolean },
) {
  const missingOrWrong = coded((issue) =>
    issue.input === undefined ? codes.required : codes.number,
  );
  // A repeated query key (lat=1&lat=2) arrives as an array: rejected rather than guessed.
  const written = textInput(missingOrWrong)
    .trim()
    .min(1, coded(codes.required))
    .regex(decimalDegrees, coded(codes.number))
    .transform(Number);
  const value = numbers ? z.union([z.number(), written], missingOrWrong) : written;
  return value.pipe(z.number().min(min, coded(codes.range)).max(max, coded(codes.range)));
}

/** GET /api/v1/geo/reverse?lat=&lon= (WGS84 decimal degrees, as a phone's GPS reports them). */
export const geoReverseQuery = z.object({
  lat: coordinate(
    -90,
    90,
    {
      required: 'lat_required',
      number: 'lat_number',
      range: 'lat_range',
    },
    { numbers: false },
  ),
  lon: coordinate(
    -180,
    180,
    {
      required: 'lon_required',
      number: 'lon_number',
      range: 'lon_range',
    },
    { numbers: false },
  ),
});
export type GeoReverseQuery = z.input<typeof geoReverseQuery>;

/**
 * The fields the client reads, named as the spec's client expects them. Each is '' when
 * unknown; the client shows the first non-empty of city, locality, principalSubdivision,
 * countryName.
 */
export const geoReverseResponse = z.object({
  success: z.literal(true),
  /** The nearest sizeable town or city (within about 30 km). */
  city: z.string(),
  /** The nearest place of any size (within about 10 km), else the city. */
  locality: z.string(),
  /** The state or union territory in India; '' elsewhere. */
  principalSubdivision: z.string(),
  /** English country name, e.g. 'India'; '' at sea. */
  countryName: z.string(),
});
export type GeoReverseResponse = z.infer<typeof geoReverseResponse>;

export const geoCalls = {
  reverse: defineCall({
    method: 'GET',
    path: '/api/v1/geo/reverse',
    summary: 'Place name for a coordinate, from an offline gazetteer (no third party sees it)',
    auth: 'user',
    query: geoReverseQuery,
    response: geoReverseResponse,
  }),
};
