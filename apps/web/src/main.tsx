import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/queryClient';
import { reloadOnStaleBuild } from './app/reloadOnStaleBuild';
import { keepRegistering } from './app/serviceWorker';
import { setupI18n } from './i18n';
import { initialLanguage } from './i18n/language';
import { createRouter } from './routes';
import { showFlashedToast } from './ui/toastStore';
import './index.css';

reloadOnStaleBuild();
// Before anything renders: offline, the feed, own profile and notifications show their saved
// copy, and the feed the first page the server put in index.html. Its own chunk, fetched
// beside the first screen's: the entry stays small.
const readingRestored = import('./app/firstData').then(({ restoreFirstData }) =>
  restoreFirstData(queryClient),
);
showFlashedToast();
// The router starts fetching the first screen's chunk now, while the common texts arrive.
const router = createRouter();
const textsReady = setupI18n(initialLanguage());

// The service worker waits until the page has loaded: the first screen does not need it. The
// page may have loaded already: with the server's first video, index.html runs this script
// only once that video has shown a picture.
const registerWorker = () =>
  keepRegistering((registered, failed) => {
    import('virtual:pwa-register')
      .then(({ registerSW }) =>
        registerSW({
          immediate: true,
          onRegisteredSW: (_url, registration) => registered(registration),
          onRegisterError: failed,
        }),
      )
      .catch(failed);
  });
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });

/** Resolves once the router has the first screen's chunk (it renders nothing before that). */
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

const root = document.getElementById('root');
// index.html's frame stays until the first render replaces it with the real screen: that waits
// for the first screen's chunk, the common texts and the saved copies (no blank page, no raw
// key, no fetch before the saved copy is in), and for the first picture of a video the frame
// already plays (features/feed/firstPage.ts). A failed text load still renders (i18next asks
// again on its own), and so does a failed restore (the screens fetch as usual).
const ready = [textsReady, routerReady, readingRestored].map((p) => p.catch(() => undefined));
void Promise.all(ready).then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
