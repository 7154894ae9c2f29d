import { useEffect } from 'react';
import i18n from 'i18next';
import { locationLimits } from '@saathi/contract';
import { showToast, toastStyles } from '../../ui/toastStore';
import {
  devicePosition,
  geolocationSupported,
  isPositionError,
  trackerPositionOptions,
} from './whereAmI';
import { sendLocation } from './sendLocation';
import { saveLastSeenPosition, wasPermissionRequested } from './storage';
import { watchLocationPermission } from './permission';

type TrackerProblem =
  'denied' | 'unavailable' | 'timeout' | 'unknown' | 'unsupported' | 'saveFailed' | 'saveNetwork';

const problemOfCode: Record<number, TrackerProblem> = {
  1: 'denied',
  2: 'unavailable',
  3: 'timeout',
};

/** Each kind of trouble is told once per page load, not every two minutes. */
const told = new Set<TrackerProblem>();

/**
 * Spec 001: the background behaviour that keeps sending the driver's location. A web page
 * can only do this while it is open, so it sends now, then every 2 minutes while visible,
 * and at once when the driver comes back to the app after that long.
 */
export function LocationTracker({ userId }: { userId: string }) {
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    let lastSent = 0;

    const tell = (problem: TrackerProblem) => {
      if (told.has(problem)) return;
      told.add(problem);
      // The tracker runs on every screen, so its texts may not have been needed yet.
      void i18n.loadNamespaces('location').then(() => {
        showToast('error', i18n.t(`tracker.${problem}`, { ns: 'location' }), toastStyles.user);
      });
    };

    const report = async () => {
      if (stopped || document.hidden) return;
      lastSent = Date.now();
      try {
        const position = await devicePosition(trackerPositionOptions);
        if (stopped) return;
        const seen = {
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          timestamp: position.timestamp,
        };
        saveLastSeenPosition(seen);
        const failure = await sendLocation(
          {
            latitude: String(seen.latitude),
            longitude: String(seen.longitude),
            driverId: userId,
          },
          seen.timestamp,
        );
        if (failure) tell(failure);
      } catch (error) {
        if (stopped) return;
        tell(isPositionError(error) ? (problemOfCode[error.code] ?? 'unknown') : 'unknown');
      }
    };

    const start = () => {
      if (timer !== undefined || stopped) return;
      void report();
      timer = window.setInterval(() => void report(), locationLimits.trackerIntervalMs);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };

    const onVisible = () => {
      if (!document.hidden && timer !== undefined) {
        if (Date.now() - lastSent >= locationLimits.trackerIntervalMs) void report();
      }
    };

    if (!geolocationSupported()) {
      if (wasPermissionRequested()) tell('unsupported');
      return;
    }
    // The tracker never asks itself: it follows what the driver allowed elsewhere.
    const stopWatching = watchLocationPermission((allowed) => (allowed ? start() : stop()));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      stop();
      stopWatching();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);

  return null;
}
