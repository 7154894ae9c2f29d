/** Spec 001 section 3: the browser storage keys of the location screen. */
export const lastKnownLocationKey = 'lastKnownLocation';
export const permissionRequestedKey = 'locationPermissionRequested';
/**
 * The last position any part of the app got from the phone (the tracker, Help, SOS): where
 * the SMS fallback says the driver is when the phone gives no position now.
 */
export const lastSeenPositionKey = 'saathi.lastSeenPosition';

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
export function readLastKnownLocation(key = lastKnownLocationKey): KnownLocation | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
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

export function saveLastSeenPosition(location: KnownLocation): void {
  localStorage.setItem(lastSeenPositionKey, JSON.stringify(location));
}

/** The newer of the Location screen's position and the last one the app saw. */
export function readLatestPosition(): KnownLocation | null {
  const screen = readLastKnownLocation();
  const seen = readLastKnownLocation(lastSeenPositionKey);
  if (!screen || !seen) return screen ?? seen;
  return seen.timestamp > screen.timestamp ? seen : screen;
}

/** Reset on the Location screen forgets every position kept on the phone. */
export function clearLastKnownLocation(): void {
  localStorage.removeItem(lastKnownLocationKey);
  localStorage.removeItem(lastSeenPositionKey);
}

export const wasPermissionRequested = () => localStorage.getItem(permissionRequestedKey) !== null;

/** Set once the phone answered the first request, granted or denied. */
export function markPermissionRequested(): void {
  localStorage.setItem(permissionRequestedKey, 'true');
}
