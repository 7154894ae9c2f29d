import { useSyncExternalStore } from 'react';

// The modal dialogs now shown, the topmost last. Everything outside the topmost one is inert and
// under its backdrop, so what must stay seen and usable above it (toasts) is drawn inside it.
let shown: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly HTMLDialogElement[]): void {
  shown = next;
  for (const listener of listeners) listener();
}

export function dialogShown(dialog: HTMLDialogElement): void {
  publish([...shown.filter((other) => other !== dialog), dialog]);
}

export function dialogHidden(dialog: HTMLDialogElement): void {
  publish(shown.filter((other) => other !== dialog));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The topmost modal dialog, or null when none is shown. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    subscribe,
    () => shown.at(-1) ?? null,
    () => null,
  );
}
