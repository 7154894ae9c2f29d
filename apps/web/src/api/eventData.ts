/**
 * The JSON of a Server-Sent Event's `data`, or undefined for anything unreadable, so a
 * stream's handler checks it with the contract's schema and a bad event is skipped.
 */
export function parseEventData(data: unknown): unknown {
  try {
    return typeof data === 'string' ? JSON.parse(data) : undefined;
  } catch {
    return undefined;
  }
}
