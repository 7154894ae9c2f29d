import { useSyncExternalStore } from 'react';

/**
 * Whether drive-safe mode holds the videos: while it is on, the feed's player stays paused
 * (it would start the current video again when a screen with a feed opens) and plays on
 * once it ends. Its own tiny module so the feed does not load drive-safe mode's code.
 */
let held = false;
const listeners = new Set<() => void>();

export function setVideosHeld(next: boolean): void {
  if (held === next) return;
  held = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVideosHeld(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => false,
  );
}
