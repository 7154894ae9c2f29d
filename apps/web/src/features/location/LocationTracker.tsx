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
import { wasPermissionRequested } from './storage';

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
 * Whether the phone already allows location for the app. The tracker never asks itself:
 * the Location screen (or Add Video, Help) asks with a reason in front of the driver.
 * Browsers without the Permissions API answer from the first-request flag.
 */
async function permissionGranted(): Promise<PermissionStatus | boolean> {
  if (!navigator.permissions?.query) return wasPermissionRequested();
  try {
    return await navigator.permissions.query({ name: 'geolocation' });
  } catch {
    return wasPermissionRequested();
  }
}

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
    let permission: PermissionStatus | null = null;

    const tell = (problem: TrackerProblem) => {
      if (told.has(problem)) return;
      told.add(problem);
      showToast('error', i18n.t(`tracker.${problem}`, { ns: 'location' }), toastStyles.user);
    };

    const report = async () => {
      if (stopped || document.hidden) return;
      lastSent = Date.now();
      try {
        const position = await devicePosition(trackerPositionOptions);
        if (stopped) return;
        const failure = await sendLocation({
          latitude: String(position.coords.latitude),
          longitude: String(position.coords.longitude),
          driverId: userId,
        });
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
    const onPermissionChange = () => {
      if (permission?.state === 'granted') start();
      else stop();
    };

    if (!geolocationSupported()) {
      if (wasPermissionRequested()) tell('unsupported');
      return;
    }
    void permissionGranted().then((answer) => {
      if (stopped) return;
      if (typeof answer === 'boolean') {
        if (answer) start();
        return;
      }
      permission = answer;
      permission.addEventListener('change', onPermissionChange);
      onPermissionChange();
    });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      stop();
      permission?.removeEventListener('change', onPermissionChange);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);

  return null;
}
