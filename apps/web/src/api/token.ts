import { useSyncExternalStore } from 'react';
import { limits } from '@saathi/contract';

const cookieName = 'Token';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

function secureFlag(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

export function saveToken(token: string): void {
  const maxAge = limits.tokenDays * 24 * 60 * 60;
  document.cookie = `${cookieName}=${encodeURIComponent(token)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secureFlag()}`;
  notify();
}

export function clearToken(): void {
  document.cookie = `${cookieName}=; Max-Age=0; Path=/; SameSite=Lax${secureFlag()}`;
  notify();
}

/** Calls the listener when this tab signs in or out (or a refused token is forgotten). */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The login token; components re-render when this tab signs in or out. */
export function useToken(): string | null {
  return useSyncExternalStore(onTokenChange, readToken, () => null);
}
