import { useSyncExternalStore } from 'react';
import { readToken, useToken } from '../../api/token';

/** The server's unlock length; used when the phone's clock disagrees with the server's. */
export const unlockMs = 10 * 60_000;

interface Unlock {
  vaultToken: string;
  /** The sign-in it belongs to: a logout or another account must not inherit it. */
  signIn: string;
}

/**
 * The vault unlock lives only in memory, never in storage: a closed tab, a reload or a stolen
 * phone finds the documents locked again.
 */
let unlock: Unlock | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: Unlock | null): void {
  unlock = next;
  for (const listener of listeners) listener();
}

/** How long to stay unlocked: the server's end time, unless the phone's clock is clearly off. */
export function unlockDuration(expiresAt: string, now: number): number {
  const left = Date.parse(expiresAt) - now;
  return Number.isFinite(left) && left > 0 && left <= unlockMs ? left : unlockMs;
}

export function unlockVault(vaultToken: string, expiresAt: string): void {
  const signIn = readToken();
  if (!signIn) return;
  clearTimeout(timer);
  timer = setTimeout(lockVault, unlockDuration(expiresAt, Date.now()));
  publish({ vaultToken, signIn });
}

export function lockVault(): void {
  clearTimeout(timer);
  timer = undefined;
  if (unlock) publish(null);
}

/** The live vault token, or null when locked or when the sign-in it belongs to has ended. */
export function vaultToken(): string | null {
  return unlock && unlock.signIn === readToken() ? unlock.vaultToken : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the vault locks or unlocks, and when the sign-in ends. */
export function useVaultToken(): string | null {
  useToken();
  return useSyncExternalStore(subscribe, vaultToken, () => null);
}
