/**
 * The last fix of the watch drive-safe mode keeps while it runs (null when none runs, or when
 * its last report was an error). A watch reports every change, so its last fix is where the
 * phone is now; and Chromium answers a getCurrentPosition made while a watch runs only when
 * the position changes, so without this a standing phone's Location screen would wait on
 * "Requesting location..." for a fix the watch already holds.
 */
let latest: GeolocationPosition | null = null;

export function setWatchedPosition(position: GeolocationPosition | null): void {
  latest = position;
}

export const watchedPosition = (): GeolocationPosition | null => latest;
