/**
 * Drive-safe mode's rule, without the browser: positions and the clock in, a state out.
 * Faster than 15 km/h for 10 seconds: moving (the card shows). Then below it for 30
 * seconds: idle again. "I am a passenger" hides the card for 30 minutes. Times are
 * milliseconds since 1970 (a position's `timestamp`, `Date.now()`).
 */
export const driveSafeRules = {
  /** 15 km/h in metres a second, as the Geolocation API gives speed. */
  fastMetresPerSecond: 15 / 3.6,
  fastForMs: 10_000,
  stillForMs: 30_000,
  passengerForMs: 30 * 60_000,
  /**
   * A speed worked out from two positions spans at least this long: between fixes a second
   * apart, GPS jitter of a few metres would read as a car's speed.
   */
  derivedSpanMs: 5_000,
  /** Positions less precise than this (a cell tower's guess) tell nothing about speed. */
  derivedAccuracyMetres: 100,
} as const;

export interface Fix {
  latitude: number;
  longitude: number;
  /** Metres; 0 or less when unknown. */
  accuracy: number;
  /** Metres a second, as reported by the phone; null when it gives none. */
  speed: number | null;
  timestamp: number;
}

export interface DriveState {
  moving: boolean;
  /**
   * Since when every reading was on the other side of the threshold (fast while idle, slow
   * while moving); null when the last reading agreed with the state.
   */
  turningSince: number | null;
  /** The position a speed is worked out from when the phone reports none. */
  anchor: Fix | null;
  /** When the last speed was read. */
  readAt: number | null;
  dismissedUntil: number | null;
}

export type DrivePhase = 'idle' | 'moving' | 'dismissed';

export const initialDriveState: DriveState = {
  moving: false,
  turningSince: null,
  anchor: null,
  readAt: null,
  dismissedUntil: null,
};

const earthRadiusMetres = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

function distanceMetres(a: Fix, b: Fix): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Reading {
  speed: number;
  /** The start of the time the speed covers. */
  from: number;
}

const precise = (fix: Fix) =>
  fix.accuracy > 0 && fix.accuracy <= driveSafeRules.derivedAccuracyMetres;

/** The phone's own speed when it gives one, else the average since the anchor. */
function readSpeed(anchor: Fix | null, fix: Fix): { reading: Reading | null; anchor: Fix | null } {
  if (fix.speed !== null && Number.isFinite(fix.speed) && fix.speed >= 0) {
    return { reading: { speed: fix.speed, from: fix.timestamp }, anchor: null };
  }
  if (!precise(fix)) return { reading: null, anchor };
  if (!anchor) return { reading: null, anchor: fix };
  const span = fix.timestamp - anchor.timestamp;
  if (span < driveSafeRules.derivedSpanMs) return { reading: null, anchor };
  return {
    reading: { speed: distanceMetres(anchor, fix) / (span / 1000), from: anchor.timestamp },
    anchor: fix,
  };
}

/**
 * The state at `now`: a turn that has lasted long enough has happened. A phone that stands
 * still may stop reporting positions (nothing changed), so 30 seconds without any reading
 * count as still too; a tunnel ends the card as well, and 10 seconds of driving bring it back.
 */
export function settle(state: DriveState, now: number): DriveState {
  if (state.moving && state.readAt !== null && now - state.readAt >= driveSafeRules.stillForMs) {
    return { ...state, moving: false, turningSince: null };
  }
  if (state.turningSince === null) return state;
  const needed = state.moving ? driveSafeRules.stillForMs : driveSafeRules.fastForMs;
  if (now - state.turningSince < needed) return state;
  return { ...state, moving: !state.moving, turningSince: null };
}

/** A new position from the phone. */
export function observe(state: DriveState, fix: Fix): DriveState {
  const settled = settle(state, fix.timestamp);
  const { reading, anchor } = readSpeed(settled.anchor, fix);
  if (!reading) return { ...settled, anchor };
  const fast = reading.speed > driveSafeRules.fastMetresPerSecond;
  const turningSince = fast === settled.moving ? null : (settled.turningSince ?? reading.from);
  return settle({ ...settled, anchor, turningSince, readAt: fix.timestamp }, fix.timestamp);
}

/** "I am a passenger": no card for 30 minutes, moving or not. */
export function dismiss(state: DriveState, now: number): DriveState {
  return { ...state, dismissedUntil: now + driveSafeRules.passengerForMs };
}

export function phase(state: DriveState, now: number): DrivePhase {
  if (!settle(state, now).moving) return 'idle';
  return state.dismissedUntil !== null && now < state.dismissedUntil ? 'dismissed' : 'moving';
}
