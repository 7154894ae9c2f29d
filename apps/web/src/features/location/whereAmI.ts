import { geoCalls, locationLimits, type GeoReverseResponse } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { watchedPosition } from './watchedPosition';

/**
 * "Where am I": the one place that asks the phone for its position and names it with our
 * own reverse geocoder (so no third party learns where a driver is). Used by the Location
 * screen, the tracker, Help, Emergency and Add Video.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export const geolocationSupported = () =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator;

/** Spec 001 section 9: high accuracy and 10 s, fresh on the screen, 5 minutes old for the tracker. */
export const screenPositionOptions: PositionOptions = {
  enableHighAccuracy: true,
  timeout: locationLimits.timeoutMs,
  maximumAge: locationLimits.screenMaximumAgeMs,
};
export const trackerPositionOptions: PositionOptions = {
  enableHighAccuracy: true,
  timeout: locationLimits.timeoutMs,
  maximumAge: locationLimits.trackerMaximumAgeMs,
};

export function devicePosition(options: PositionOptions): Promise<GeolocationPosition> {
  const watched = watchedPosition();
  if (watched) return Promise.resolve(watched);
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, options);
  });
}

export const isPositionError = (error: unknown): error is GeolocationPositionError =>
  typeof error === 'object' && error !== null && 'code' in error && 'message' in error;

export type LocationFailure =
  { kind: 'unsupported' } | { kind: 'browser'; code: number; message: string };

export const positionFailure = (error: unknown): LocationFailure =>
  isPositionError(error)
    ? { kind: 'browser', code: error.code, message: error.message }
    : { kind: 'browser', code: 0, message: '' };

/**
 * The spec shows the browser's own message; it is English, so Hindi readers (and browsers
 * that give none) get null and the caller shows its own text for `failure.code`.
 */
export const browserMessage = (failure: LocationFailure, language: string): string | null =>
  failure.kind === 'browser' && language === 'en' && failure.message ? failure.message : null;

/** Spec order: city, locality, principal subdivision, country name; '' when all are empty. */
export function placeName(place: GeoReverseResponse): string {
  return (
    [place.city, place.locality, place.principalSubdivision, place.countryName]
      .map((part) => part.trim())
      .find((part) => part.length > 0) ?? ''
  );
}

export type PlaceLookup =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'found'; name: string }
  | { kind: 'failed'; reason: 'notFound' | 'fetchFailed' | 'unable' };

/**
 * The place at `at`, with the spec's failures: 'Address not found' when nothing is near,
 * 'Failed to fetch address' when the server refused, 'Unable to fetch address' when it was
 * not reached.
 */
export async function lookUpPlace(at: Coordinates): Promise<PlaceLookup> {
  const decimals = locationLimits.decimals;
  try {
    const place = await request(geoCalls.reverse, {
      query: { lat: at.latitude.toFixed(decimals), lon: at.longitude.toFixed(decimals) },
    });
    const name = placeName(place);
    return name ? { kind: 'found', name } : { kind: 'failed', reason: 'notFound' };
  } catch (error) {
    const answered = error instanceof ApiError && !error.isNetwork;
    return { kind: 'failed', reason: answered ? 'fetchFailed' : 'unable' };
  }
}
