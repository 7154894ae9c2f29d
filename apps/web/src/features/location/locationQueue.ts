import { locationCalls, locationLimits, type UpdateLocationBody } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { outboxAll, outboxDelete, outboxPut } from '../../api/outboxDb';

/**
 * Location reports that found no network wait on the phone (IndexedDB) and are sent when it
 * returns, oldest first, each with the time the phone took it (recordedAt), so the server
 * stores the trail as driven and judges each step's speed by its own times.
 */
interface QueuedLocation {
  id: string;
  body: UpdateLocationBody & { recordedAt: string };
}

/**
 * Only the newest few are sent: the server takes 10 reports per 5 minutes and the tracker and
 * the Location screen need room too. A driver offline for an hour sends where they are now
 * and just before, not the hour's 30 points.
 */
export const queuedLocationsKept = 5;

let flushing: Promise<boolean> | null = null;

const takenAt = (entry: QueuedLocation) => Date.parse(entry.body.recordedAt);

export async function queueLocation(body: UpdateLocationBody, at: number): Promise<void> {
  const entry: QueuedLocation = {
    id: crypto.randomUUID(),
    body: { ...body, recordedAt: new Date(at).toISOString() },
  };
  // Without storage (a private window) the report is lost, as it was before the queue.
  await outboxPut('locations', entry).catch(() => undefined);
}

async function sendQueued(): Promise<boolean> {
  const all = (await outboxAll<QueuedLocation>('locations').catch(() => [])).sort(
    (a, b) => takenAt(a) - takenAt(b),
  );
  const tooOld = Date.now() - locationLimits.recordedAtMaxAgeMs;
  const dropped = all.filter(
    (entry, i) => i < all.length - queuedLocationsKept || takenAt(entry) < tooOld,
  );
  for (const entry of dropped) await outboxDelete('locations', entry.id).catch(() => undefined);
  for (const entry of all.filter((e) => !dropped.includes(e))) {
    try {
      await request(locationCalls.update, { body: entry.body });
    } catch (error) {
      // No answer, or the server asks to wait (429): the rest waits for the next flush.
      if (!(error instanceof ApiError) || error.isNetwork || error.status === 429) return false;
      // Refused for good (too far, too old): sending it again would not help.
    }
    await outboxDelete('locations', entry.id).catch(() => undefined);
  }
  return true;
}

/** Sends what waits, in order; answers whether the queue is empty now. One flush at a time. */
export function flushLocations(): Promise<boolean> {
  flushing ??= sendQueued().finally(() => {
    flushing = null;
  });
  return flushing;
}
