/**
 * Until when the rider said "I am a passenger", kept for the tab (sessionStorage): a cheap
 * phone reloads a page it had put away, and the card must not come back over a passenger's
 * screen minutes after they dismissed it. Not across tabs or days: the next ride may be driven.
 */
const passengerKey = 'driveSafePassengerUntil';

export function savedPassengerUntil(now: number): number | null {
  try {
    const until = Number(sessionStorage.getItem(passengerKey));
    return Number.isFinite(until) && until > now ? until : null;
  } catch {
    return null;
  }
}

export function savePassengerUntil(until: number | null): void {
  try {
    if (until === null) sessionStorage.removeItem(passengerKey);
    else sessionStorage.setItem(passengerKey, String(until));
  } catch {
    // Storage disabled (private mode): the choice lasts as long as the page, as before.
  }
}
