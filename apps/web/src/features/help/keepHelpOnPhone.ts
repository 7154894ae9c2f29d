import { useEffect } from 'react';
import { queryClient } from '../../api/queryClient';
import { flushLocations } from '../location';
import { helpKeys } from '../../api/keys/helpKeys';
import { fetchTeamContacts } from './helpApi';
import { helpPicturesCache, helpSlides } from './helpPictures';
import { startHelpOutbox } from './outbox';

/** Puts the help pictures in the worker's cache, those not there yet. */
async function warmHelpPictures(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(helpPicturesCache);
  for (const slide of helpSlides) {
    if (!(await cache.match(slide.src))) await cache.add(slide.src);
  }
}

/** Keeps the team's numbers and the help pictures on the phone, fresh when online. */
function refresh(): void {
  if (!navigator.onLine) return;
  void queryClient
    .fetchQuery({ queryKey: helpKeys.teamContacts, queryFn: fetchTeamContacts, staleTime: 0 })
    .catch(() => undefined);
  void warmHelpPictures().catch(() => undefined);
  void flushLocations().catch(() => undefined);
}

/**
 * From the first signed-in screen on, whatever it is: help must work later without the
 * server (the emergency numbers are in the app itself). Sends what waits in the outboxes
 * now and whenever the network returns.
 */
export function useKeepHelpOnPhone(): void {
  useEffect(() => {
    refresh();
    const stopOutbox = startHelpOutbox();
    window.addEventListener('online', refresh);
    return () => {
      stopOutbox();
      window.removeEventListener('online', refresh);
    };
  }, []);
}
