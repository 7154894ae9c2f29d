import { useSyncExternalStore } from 'react';

export interface BlockedAccount {
  name: string | null;
  number: string | null;
  blockedAt: string | null;
}

let current: BlockedAccount | null = null;
const listeners = new Set<() => void>();

/** Any call answered with 403 account_blocked lands here, so every route can be replaced. */
export function setBlockedAccount(next: BlockedAccount | null): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBlockedAccount(): BlockedAccount | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
