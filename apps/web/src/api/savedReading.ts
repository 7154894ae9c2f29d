import {
  dehydrate,
  hashKey,
  hydrate,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import type { Product, SelfUser } from '@saathi/contract';
import { followKeys } from './keys/followKeys';
import { meKeys } from './keys/meKeys';
import { notificationKeys } from './keys/notificationKeys';
import { postKeys } from './keys/postKeys';
import { onTokenChange, readToken } from './token';

/**
 * Offline reading: the home feed's first pages, the driver's own profile (account, counts,
 * own posts) and the notifications are kept in localStorage, so a reload without network
 * shows what this phone last showed. Only the signed-in driver's own reading: nothing of
 * it outlives a sign-out or a change of account.
 *
 * Hand-made on TanStack's dehydrate/hydrate: the official persister is not published for
 * this version of @tanstack/react-query (it would bring a second query-core), and a
 * synchronous restore before the first render means no screen fetches before it.
 */
export const savedReadingKey = 'saathi.savedReading';
/** Older than this, what was saved is too stale to show as the driver's feed. */
const maxAgeMs = 7 * 24 * 60 * 60_000;
/** Writes are gathered: a scroll through the feed changes the cache many times a second. */
const saveDelayMs = 1000;
/** Two pages of six posts: a few minutes of reading, and their posters were shown. */
const savedFeedPages = 2;

const feedHash = hashKey(postKeys.feed(false));
const notificationListHash = hashKey(notificationKeys.list);
const meHash = hashKey(meKeys.all);
const savedHashes = new Set([
  meHash,
  feedHash,
  hashKey(postKeys.mine),
  notificationListHash,
  hashKey(notificationKeys.unread),
]);

interface Saved {
  savedAt: number;
  state: DehydratedState;
}
interface Pages<P> {
  pages: P[];
  pageParams: unknown[];
}

function ownId(client: QueryClient): string | undefined {
  return client.getQueryData<{ user: SelfUser }>(meKeys.all)?.user._id;
}

function isSaved(queryHash: string, own: string | undefined): boolean {
  if (savedHashes.has(queryHash)) return true;
  return own !== undefined && queryHash === hashKey(followKeys.stats(own));
}

function firstPages<P>(data: Pages<P>, count: number, each: (page: P) => P): Pages<P> {
  return {
    pages: data.pages.slice(0, count).map(each),
    pageParams: data.pageParams.slice(0, count),
  };
}

/** Another driver's number (shown when they chose to) stays in memory, never on the phone. */
function withoutNumber(post: Product): Product {
  const user = { ...post.user };
  delete user.number;
  return { ...post, user };
}

function trimmed(queryHash: string, data: unknown): unknown {
  if (queryHash === feedHash) {
    return firstPages(data as Pages<{ products: Product[] }>, savedFeedPages, (page) => ({
      ...page,
      products: page.products.map(withoutNumber),
    }));
  }
  if (queryHash === notificationListHash) return firstPages(data as Pages<unknown>, 1, (p) => p);
  return data;
}

/** Forgets what was saved, on the phone and in memory, so no other account can read it. */
export function forgetSavedReading(client: QueryClient): void {
  localStorage.removeItem(savedReadingKey);
  const own = ownId(client);
  client.removeQueries({ predicate: (query) => isSaved(query.queryHash, own) });
}

function save(client: QueryClient): void {
  if (readToken() === null) {
    localStorage.removeItem(savedReadingKey);
    return;
  }
  const own = ownId(client);
  const state = dehydrate(client, {
    // A refetch that failed offline keeps its data: that is still worth keeping.
    shouldDehydrateQuery: (query) =>
      query.state.data !== undefined && isSaved(query.queryHash, own),
  });
  const queries = state.queries.map((query) => ({
    ...query,
    state: {
      ...query.state,
      data: trimmed(query.queryHash, query.state.data),
      status: 'success' as const,
      fetchStatus: 'idle' as const,
      error: null,
      fetchFailureReason: null,
    },
  }));
  const saved: Saved = { savedAt: Date.now(), state: { mutations: [], queries } };
  try {
    localStorage.setItem(savedReadingKey, JSON.stringify(saved));
  } catch {
    // A full storage only costs the offline copy; the screens work as before.
  }
}

function restore(client: QueryClient): void {
  const text = localStorage.getItem(savedReadingKey);
  if (!text) return;
  try {
    const saved = JSON.parse(text) as Saved;
    if (Date.now() - saved.savedAt > maxAgeMs) throw new Error('too old');
    hydrate(client, saved.state);
    // A saved copy is shown, never trusted as fresh: a copy saved a moment ago would count as
    // fresh for the cache's stale time, and a post removed since would stay on screen.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    localStorage.removeItem(savedReadingKey);
  }
}

/**
 * Shows the saved reading at once (before the first render; the screens still fetch it fresh),
 * then keeps it up to date. Signing out, a refused token and a sign-in of any account forget it.
 */
export function keepReadingOnPhone(client: QueryClient): () => void {
  let token = readToken();
  if (token === null) localStorage.removeItem(savedReadingKey);
  else restore(client);
  // Kept in memory for as long as the saved copy, or an unused screen's query would be
  // collected after five minutes and then dropped from the phone at the next save.
  for (const key of [meKeys.all, postKeys.feeds, postKeys.mine, notificationKeys.all]) {
    client.setQueryDefaults(key, { gcTime: maxAgeMs });
  }

  let timer: number | undefined;
  const saveNow = () => {
    window.clearTimeout(timer);
    timer = undefined;
    save(client);
  };
  const stopCache = client.getQueryCache().subscribe(() => {
    timer ??= window.setTimeout(saveNow, saveDelayMs);
  });
  // A reload or a closed app within that second must not lose the screen just loaded.
  const flush = () => {
    if (timer !== undefined) saveNow();
  };
  window.addEventListener('pagehide', flush);
  const stopToken = onTokenChange(() => {
    const next = readToken();
    if (next === token) return;
    const signedOut = next === null;
    const switched = token !== null && next !== null;
    token = next;
    if (signedOut) {
      forgetSavedReading(client);
      return;
    }
    // A sign-in set its own account (`me`) just before: the rest belongs to whoever came before.
    localStorage.removeItem(savedReadingKey);
    if (switched) {
      client.removeQueries({
        predicate: (query) => query.queryHash !== meHash && isSaved(query.queryHash, undefined),
      });
    }
  });
  return () => {
    stopCache();
    stopToken();
    window.removeEventListener('pagehide', flush);
    window.clearTimeout(timer);
  };
}
