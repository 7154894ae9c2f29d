import { useCallback, useEffect, useRef, useState } from 'react';
import { geolocationSupported, setWatchedPosition, watchLocationPermission } from '../location';
import {
  dismiss as dismissState,
  initialDriveState,
  observe,
  phase,
  settle,
  type DrivePhase,
  type Fix,
} from './detector';
import { savedPassengerUntil, savePassengerUntil } from './passenger';

/** GPS, for its speed; a fresh fix each time (an old one says nothing about now). */
const watchOptions: PositionOptions = { enableHighAccuracy: true, maximumAge: 0 };

const fixOf = ({ coords, timestamp }: GeolocationPosition): Fix => ({
  latitude: coords.latitude,
  longitude: coords.longitude,
  accuracy: coords.accuracy,
  speed: coords.speed,
  timestamp,
});

export interface DriveSafe {
  phase: DrivePhase;
  /** "I am a passenger". */
  dismiss: () => void;
  /** Whether positions are being watched: the card's code may be fetched ahead. */
  watching: boolean;
}

/**
 * Watches the phone's position while drive-safe mode is on, location is allowed (it never
 * asks) and the app is in front, and feeds it to the detector. Positions stay in this page:
 * nothing here calls the server.
 */
export function useDriveSafe(enabled: boolean): DriveSafe {
  const state = useRef(initialDriveState);
  const [current, setCurrent] = useState<DrivePhase>('idle');
  const [watching, setWatching] = useState(false);

  const update = useCallback((next: typeof initialDriveState) => {
    state.current = next;
    setCurrent(phase(next, Date.now()));
  }, []);

  useEffect(() => {
    if (!enabled || !geolocationSupported()) return;
    // A passenger's choice made before the page was reloaded still holds (passenger.ts).
    state.current = { ...state.current, dismissedUntil: savedPassengerUntil(Date.now()) };
    const { geolocation } = navigator;
    let allowed = false;
    let watchId: number | null = null;
    let ticker: number | undefined;

    const sync = () => {
      const wanted = allowed && !document.hidden;
      if (wanted && watchId === null) {
        watchId = geolocation.watchPosition(
          (position) => {
            setWatchedPosition(position);
            update(observe(state.current, fixOf(position)));
          },
          // No fix for a while (a tunnel): the state stays as it was until the next one.
          () => setWatchedPosition(null),
          watchOptions,
        );
        // Stillness or speed that lasts long enough counts even when no new fix comes.
        ticker = window.setInterval(() => update(settle(state.current, Date.now())), 1000);
        setWatching(true);
      } else if (!wanted && watchId !== null) {
        geolocation.clearWatch(watchId);
        setWatchedPosition(null);
        window.clearInterval(ticker);
        watchId = null;
        setWatching(false);
      }
    };
    const stopPermission = watchLocationPermission((granted) => {
      allowed = granted;
      sync();
    });
    document.addEventListener('visibilitychange', sync);
    return () => {
      stopPermission();
      document.removeEventListener('visibilitychange', sync);
      allowed = false;
      sync();
      // The readings go; a passenger's choice stays in the tab's storage unless the switch was
      // turned off (setting.ts forgets it then: the next time starts from nothing).
      update(initialDriveState);
    };
  }, [enabled, update]);

  const dismiss = useCallback(() => {
    const next = dismissState(state.current, Date.now());
    savePassengerUntil(next.dismissedUntil);
    update(next);
  }, [update]);
  return { phase: current, dismiss, watching };
}
