import { pageLoad } from '../api/pageLoad';

const KEY = 'staleBuildReloadAt';
const ONCE_PER_MS = 60_000;

/**
 * A phone that kept the app open across a release asks for screen chunks the new release no
 * longer has. Reloading fetches the new index.html and its chunks; at most once a minute,
 * so a chunk that is truly unreachable shows the route's error instead of looping. Offline, a
 * chunk that did not come is the network's doing, not a release's: a reload then could only
 * trade the screen the driver has (Help, SOS) for the browser's offline page.
 */
export function reloadOnStaleBuild(storage: Storage = sessionStorage): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    const last = Number(storage.getItem(KEY) ?? 0);
    if (Date.now() - last < ONCE_PER_MS) return;
    storage.setItem(KEY, String(Date.now()));
    event.preventDefault();
    pageLoad.reload();
  });
}
