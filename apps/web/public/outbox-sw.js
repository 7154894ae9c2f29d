/* Background Sync for help requests (workbox importScripts). The page keeps a request it
   could not confirm in IndexedDB (src/api/outboxDb.ts, src/features/help/outbox.ts) and asks
   for this sync; the browser runs it when the network is back, even with the app closed.
   The session is the Token cookie, which a same-origin fetch sends. Each request carries the
   phone's key (clientRequestId): the server answers a key it knows with the request it made. */
const outboxDbName = 'saathi-outbox';
const outboxDbVersion = 1;
const helpSyncTag = 'saathi-help-outbox';
const helpOutboxMaxAgeMs = 24 * 3600 * 1000;

function openOutbox() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(outboxDbName, outboxDbVersion);
    req.onupgradeneeded = () => {
      for (const name of ['help', 'locations']) {
        if (!req.result.objectStoreNames.contains(name)) {
          req.result.createObjectStore(name, { keyPath: 'id' });
        }
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function inStore(db, mode, act) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('help', mode);
    const req = act(tx.objectStore('help'));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

async function tellPages() {
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage({ type: helpSyncTag });
}

async function sendQueuedHelp() {
  const db = await openOutbox();
  try {
    const entries = await inStore(db, 'readonly', (store) => store.getAll());
    entries.sort((a, b) => a.queuedAt - b.queuedAt);
    for (const entry of entries) {
      if (Date.now() - entry.queuedAt <= helpOutboxMaxAgeMs) {
        const response = await fetch('/api/v1/request', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(entry.body),
        });
        // A 5xx may pass later: failing the sync makes the browser try again.
        if (response.status >= 500) throw new Error(`help request answered ${response.status}`);
      }
      await inStore(db, 'readwrite', (store) => store.delete(entry.id));
      await tellPages();
    }
  } finally {
    db.close();
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === helpSyncTag) event.waitUntil(sendQueuedHelp());
});
