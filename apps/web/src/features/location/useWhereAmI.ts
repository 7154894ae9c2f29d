import { useCallback, useEffect, useRef, useState } from 'react';
import { readLatestPosition, saveLastSeenPosition } from './storage';
import {
  devicePosition,
  geolocationSupported,
  lookUpPlace,
  positionFailure,
  type Coordinates,
  type LocationFailure,
  type PlaceLookup,
} from './whereAmI';

export interface WhereAmI {
  /** 'locating' while the phone is asked; 'unknown' when it gave nothing and nothing is stored. */
  status: 'locating' | 'known' | 'unknown';
  coords: Coordinates | null;
  place: PlaceLookup;
  /** Why the phone gave no position the last time it was asked. */
  failure: LocationFailure | null;
  /** Asks the phone again (after a refusal the driver may have switched location on). */
  locate: () => void;
}

interface Options {
  position: PositionOptions;
  /** Show the last position kept on the phone at once, until the phone answers. */
  startFromStored?: boolean;
}

function initial(startFromStored: boolean): Omit<WhereAmI, 'locate'> {
  const stored = startFromStored ? readLatestPosition() : null;
  const coords = stored && { latitude: stored.latitude, longitude: stored.longitude };
  if (coords) return { status: 'known', coords, place: { kind: 'loading' }, failure: null };
  if (!geolocationSupported()) {
    return {
      status: 'unknown',
      coords: null,
      place: { kind: 'none' },
      failure: { kind: 'unsupported' },
    };
  }
  return { status: 'locating', coords: null, place: { kind: 'none' }, failure: null };
}

/** Where the driver is, asked of the phone once on load (and again on `locate`), and named. */
export function useWhereAmI({ position, startFromStored = false }: Options): WhereAmI {
  const [state, setState] = useState(() => initial(startFromStored));
  // Leaving the screen drops the question in flight too.
  const attempt = useRef(0);
  const options = useRef(position);
  const storedAtStart = useRef(state.coords);

  const name = useCallback((coords: Coordinates) => {
    void lookUpPlace(coords).then((place) =>
      // A slow name for an older position must not label a newer one.
      setState((now) => (now.coords === coords ? { ...now, place } : now)),
    );
  }, []);

  /** Asks the phone; only the newest question may change the answer. */
  const ask = useCallback(() => {
    attempt.current += 1;
    const id = attempt.current;
    devicePosition(options.current).then(
      (found) => {
        const coords = { latitude: found.coords.latitude, longitude: found.coords.longitude };
        saveLastSeenPosition({ ...coords, timestamp: found.timestamp });
        if (attempt.current !== id) return;
        setState({ status: 'known', coords, place: { kind: 'loading' }, failure: null });
        name(coords);
      },
      (error: unknown) => {
        if (attempt.current !== id) return;
        // A stored position is still better than none.
        setState((now) => ({
          ...now,
          status: now.coords ? 'known' : 'unknown',
          failure: positionFailure(error),
        }));
      },
    );
  }, [name]);

  const locate = useCallback(() => {
    if (!geolocationSupported()) return;
    setState((now) => ({ ...now, status: 'locating', failure: null }));
    ask();
  }, [ask]);

  // Once on load (`name` and `ask` never change): name the stored position, ask the phone.
  useEffect(() => {
    if (storedAtStart.current) name(storedAtStart.current);
    if (geolocationSupported()) ask();
    const answers = attempt;
    return () => {
      answers.current += 1;
    };
  }, [name, ask]);

  return { ...state, locate };
}
