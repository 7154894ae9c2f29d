import { useCallback, useEffect, useRef, useState } from 'react';
import {
  devicePosition,
  geolocationSupported,
  isPositionError,
  lookUpPlace,
  positionFailure,
  screenPositionOptions,
  type LocationFailure,
  type PlaceLookup,
} from './whereAmI';
import { sendLocation, type SaveFailure } from './sendLocation';
import {
  clearLastKnownLocation,
  markPermissionRequested,
  readLastKnownLocation,
  saveLastKnownLocation,
  wasPermissionRequested,
  type KnownLocation,
} from './storage';

/** Spec 001 section 4: the location screen's states. */
export type LocationStatus = 'idle' | 'requesting' | 'success' | 'error' | 'refreshed';

export interface LocationServices {
  status: LocationStatus;
  location: KnownLocation | null;
  address: PlaceLookup;
  failure: LocationFailure | null;
  saveFailure: SaveFailure | null;
  getLocation: () => void;
  refresh: () => void;
  reset: () => void;
}

/** The Location Services screen: ask the phone, keep the last location, name the place, tell the team. */
export function useLocationServices(): LocationServices {
  const [status, setStatus] = useState<LocationStatus>('idle');
  const [location, setLocation] = useState<KnownLocation | null>(readLastKnownLocation);
  const [address, setAddress] = useState<PlaceLookup>({ kind: 'none' });
  const [failure, setFailure] = useState<LocationFailure | null>(null);
  const [saveFailure, setSaveFailure] = useState<SaveFailure | null>(null);
  // Only the newest request may change the screen: a slow answer must not overwrite a reset.
  const attempt = useRef(0);

  const lookUpAddress = useCallback(async (at: KnownLocation, id: number) => {
    setAddress({ kind: 'loading' });
    const place = await lookUpPlace(at);
    if (attempt.current === id) setAddress(place);
  }, []);

  useEffect(() => {
    const saved = readLastKnownLocation();
    if (saved) void lookUpAddress(saved, attempt.current);
  }, [lookUpAddress]);

  const locate = useCallback(
    async (success: 'success' | 'refreshed') => {
      if (!geolocationSupported()) {
        setStatus('error');
        setFailure({ kind: 'unsupported' });
        return;
      }
      attempt.current += 1;
      const id = attempt.current;
      const firstTime = !wasPermissionRequested();
      setStatus('requesting');
      setFailure(null);
      setSaveFailure(null);
      try {
        const position = await devicePosition(screenPositionOptions);
        if (firstTime) markPermissionRequested();
        if (attempt.current !== id) return;
        const found = {
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          timestamp: position.timestamp,
        };
        saveLastKnownLocation(found);
        setLocation(found);
        setStatus(success);
        void lookUpAddress(found, id);
        const saved = await sendLocation(
          {
            latitude: found.latitude,
            longitude: found.longitude,
            accuracy: position.coords.accuracy,
          },
          found.timestamp,
        );
        if (attempt.current === id) setSaveFailure(saved);
      } catch (error) {
        // Denied also counts as answered; a timeout or missing fix does not.
        if (firstTime && isPositionError(error) && error.code === error.PERMISSION_DENIED) {
          markPermissionRequested();
        }
        if (attempt.current !== id) return;
        setStatus('error');
        setFailure(positionFailure(error));
      }
    },
    [lookUpAddress],
  );

  return {
    status,
    location,
    address,
    failure,
    saveFailure,
    getLocation: () => void locate('success'),
    refresh: () => void locate('refreshed'),
    reset: () => {
      attempt.current += 1;
      clearLastKnownLocation();
      setLocation(null);
      setAddress({ kind: 'none' });
      setFailure(null);
      setSaveFailure(null);
      setStatus('idle');
    },
  };
}
