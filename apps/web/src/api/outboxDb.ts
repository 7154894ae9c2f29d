/**
 * The phone's outbox in IndexedDB: what waits for the network (help requests, late location
 * reports) outlives a reload or a closed tab. The service worker (public/outbox-sw.js) opens
 * the same database to send help requests by Background Sync: keep the names in step.
 */
export const outboxDbName = 'saathi-outbox';
const outboxDbVersion = 1;
export type OutboxStore = 'help' | 'locations';
const stores: readonly OutboxStore[] = ['help', 'locations'];

let opening: Promise<IDBDatabase> | null = null;

function openOutbox(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('no IndexedDB'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(outboxDbName, outboxDbVersion);
    req.onupgradeneeded = () => {
      for (const name of stores) {
        if (!req.result.objectStoreNames.contains(name)) {
          req.result.createObjectStore(name, { keyPath: 'id' });
        }
      }
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer app version in another tab asks to upgrade: let it, open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('outbox not opened'));
    };
  });
  return opening;
}

async function run<T>(
  store: OutboxStore,
  mode: IDBTransactionMode,
  act: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openOutbox();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const req = act(tx.objectStore(store));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? new Error('outbox write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('outbox write aborted'));
  });
}

export const outboxAll = <T>(store: OutboxStore) =>
  run<unknown[]>(store, 'readonly', (s) => s.getAll()) as Promise<T[]>;

export const outboxPut = async (store: OutboxStore, value: { id: string }) => {
  await run(store, 'readwrite', (s) => s.put(value));
};

export const outboxDelete = async (store: OutboxStore, id: string) => {
  await run(store, 'readwrite', (s) => s.delete(id));
};
