/** Spec 001 section 3: the browser storage keys of the location screen. */
export const lastKnownLocationKey = 'lastKnownLocation';
export const permissionRequestedKey = 'locationPermissionRequested';

export interface KnownLocation {
  latitude: number;
  longitude: number;
  /** Milliseconds since 1970, when the phone reported it. */
  timestamp: number;
}

const coordinate = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value.trim()
      ? Number(value)
      : NaN;

const inRange = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  Math.abs(latitude) <= 90 &&
  Math.abs(longitude) <= 180;

/**
 * The stored { latitude, longitude, timestamp }. Numeric strings are read too (the tracker's
 * form); a damaged or out-of-range entry is the same as none: the driver asks again.
 */
export function readLastKnownLocation(): KnownLocation | null {
  try {
    const saved = JSON.parse(localStorage.getItem(lastKnownLocationKey) ?? 'null') as unknown;
    if (!saved || typeof saved !== 'object') return null;
    const entry = saved as Record<string, unknown>;
    const latitude = coordinate(entry.latitude);
    const longitude = coordinate(entry.longitude);
    if (!inRange(latitude, longitude)) return null;
    const timestamp = typeof entry.timestamp === 'number' ? entry.timestamp : 0;
    return { latitude, longitude, timestamp };
  } catch {
    return null;
  }
}

export function saveLastKnownLocation(location: KnownLocation): void {
  localStorage.setItem(lastKnownLocationKey, JSON.stringify(location));
}

export function clearLastKnownLocation(): void {
  localStorage.removeItem(lastKnownLocationKey);
}

export const wasPermissionRequested = () => localStorage.getItem(permissionRequestedKey) !== null;

/** Set once the phone answered the first request, granted or denied. */
export function markPermissionRequested(): void {
  localStorage.setItem(permissionRequestedKey, 'true');
}
