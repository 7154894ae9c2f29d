import { wasPermissionRequested } from './storage';

/**
 * Whether the phone already allows location for the app. Browsers without the Permissions
 * API answer from the first-request flag.
 */
async function permissionStatus(): Promise<PermissionStatus | boolean> {
  if (!navigator.permissions?.query) return wasPermissionRequested();
  try {
    return await navigator.permissions.query({ name: 'geolocation' });
  } catch {
    return wasPermissionRequested();
  }
}

/**
 * Tells `onChange` whether location is allowed, now and whenever the driver changes it. It
 * never asks: the Location screen (or Add Video, Help) asks with a reason in front of the
 * driver, so the parts running in the background (the tracker, drive-safe mode) only follow.
 * Returns the function that stops listening.
 */
export function watchLocationPermission(onChange: (allowed: boolean) => void): () => void {
  let stopped = false;
  let permission: PermissionStatus | null = null;
  const changed = () => {
    if (permission) onChange(permission.state === 'granted');
  };
  void permissionStatus().then((answer) => {
    if (stopped) return;
    if (typeof answer === 'boolean') {
      onChange(answer);
      return;
    }
    permission = answer;
    permission.addEventListener('change', changed);
    changed();
  });
  return () => {
    stopped = true;
    permission?.removeEventListener('change', changed);
  };
}
