const KEY = 'staleBuildReloadAt';
const ONCE_PER_MS = 60_000;

/**
 * A phone that kept the app open across a release asks for screen chunks the new release no
 * longer has. Reloading fetches the new index.html and its chunks; at most once a minute,
 * so a chunk that is truly unreachable (offline) shows the route's error instead of looping.
 */
export function reloadOnStaleBuild(storage: Storage = sessionStorage): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(storage.getItem(KEY) ?? 0);
    if (Date.now() - last < ONCE_PER_MS) return;
    storage.setItem(KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
