/** Waits before each new try: a dropped link often comes back within seconds, or much later. */
const retryDelaysMs = [5_000, 30_000, 120_000, 600_000];

type Registered = (registration: ServiceWorkerRegistration | undefined) => void;
type Register = (registered: Registered, failed: () => void) => void;

/**
 * Calls `failed` when the worker's first install fails. The install fetches the whole app
 * (its precache), and one file lost on a patchy link fails it; the browser then drops the
 * registration, and without a new try the phone has no offline app until the next page
 * load, which for a driver who keeps the app open may be hours away.
 */
export function watchFirstInstall(registration: ServiceWorkerRegistration, failed: () => void) {
  if (registration.active) return;
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state !== 'redundant') return;
      // Redundant because a newer worker took its place is not a failure.
      if (registration.active || registration.waiting || registration.installing) return;
      failed();
    });
  };
  if (registration.installing) watch(registration.installing);
  else registration.addEventListener('updatefound', () => watch(registration.installing));
}

/**
 * Registers the service worker through `register`, and again after a failed registration or
 * first install: at growing intervals, and at once when the phone comes back online.
 */
export function keepRegistering(register: Register): void {
  let tries = 0;
  let timer: number | undefined;
  const attempt = () => {
    window.clearTimeout(timer);
    window.removeEventListener('online', attempt);
    register((registration) => {
      if (registration) watchFirstInstall(registration, retry);
    }, retry);
  };
  function retry() {
    window.clearTimeout(timer);
    const wait = retryDelaysMs[Math.min(tries, retryDelaysMs.length - 1)];
    tries += 1;
    timer = window.setTimeout(attempt, wait);
    window.addEventListener('online', attempt);
  }
  attempt();
}
