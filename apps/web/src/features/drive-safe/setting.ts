import { useSyncExternalStore } from 'react';
import { savePassengerUntil } from './passenger';

/**
 * The driver's Drive-safe switch, kept on the phone (like Data saver): 'on' or 'off'. With
 * nothing saved it is on for drivers and off for everyone else.
 */
export const driveSafeKey = 'driveSafe';

const listeners = new Set<() => void>();

function saved(): boolean | null {
  try {
    const value = localStorage.getItem(driveSafeKey);
    return value === 'on' ? true : value === 'off' ? false : null;
  } catch {
    return null;
  }
}

/** Storage may be disabled (private mode): the choice then lasts until the page closes. */
let unsaved: boolean | null = null;

export function readDriveSafe(isDriver: boolean): boolean {
  return saved() ?? unsaved ?? isDriver;
}

export function saveDriveSafe(on: boolean): void {
  // Switched off, a passenger's choice goes too: the next time starts from nothing.
  if (!on) savePassengerUntil(null);
  try {
    localStorage.setItem(driveSafeKey, on ? 'on' : 'off');
  } catch {
    unsaved = on;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The switch, following a change made on the profile at once. */
export function useDriveSafeSetting(isDriver: boolean): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readDriveSafe(isDriver),
    () => isDriver,
  );
}
