/**
 * Calls `reopened` each time an EventSource connects again (not the first time): after a
 * network drop, or after the server ended the stream at its maximum life. Events sent in
 * between were missed, so a screen that keeps a list reloads it.
 */
export function onReopen(source: EventSource, reopened: () => void): void {
  let opened = false;
  source.addEventListener('open', () => {
    if (opened) reopened();
    opened = true;
  });
}
