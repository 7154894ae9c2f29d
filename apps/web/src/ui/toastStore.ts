import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error';
export type ToastPlacement = 'top-right' | 'bottom-right';

export interface ToastStyle {
  placement: ToastPlacement;
  duration: number;
}

/** Spec 000 section 9: normal-user screens close toasts after 3 s at the bottom, others after 5 s at the top. */
export const toastStyles = {
  user: { placement: 'bottom-right', duration: 3000 },
  standard: { placement: 'top-right', duration: 5000 },
} as const satisfies Record<string, ToastStyle>;

export interface ToastItem extends ToastStyle {
  id: number;
  kind: ToastKind;
  text: string;
}

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

export function showToast(
  kind: ToastKind,
  text: string,
  style: ToastStyle = toastStyles.standard,
): void {
  const id = nextId++;
  publish([...toasts, { id, kind, text, ...style }]);
  window.setTimeout(() => dismissToast(id), style.duration);
}

const flashKey = 'saathi.flashToast';

/** Keeps a toast through a full page reload (login reloads the app, as the spec asks). */
export function flashToastAfterReload(kind: ToastKind, text: string, style: ToastStyle): void {
  sessionStorage.setItem(flashKey, JSON.stringify({ kind, text, style }));
}

export function showFlashedToast(): void {
  const saved = sessionStorage.getItem(flashKey);
  if (!saved) return;
  sessionStorage.removeItem(flashKey);
  try {
    const { kind, text, style } = JSON.parse(saved) as {
      kind: ToastKind;
      text: string;
      style: ToastStyle;
    };
    showToast(kind, text, style);
  } catch {
    // A damaged entry is only a lost notice; the reload itself already happened.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
