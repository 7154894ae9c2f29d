import { locationCalls, type UpdateLocationBody } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { flushLocations, queueLocation } from './locationQueue';

export type SaveFailure = 'saveFailed' | 'saveNetwork';

/**
 * Sends a location to the server; answers the spec's failure kind instead of throwing:
 * 'Failed to save location' when the server refused, 'Network error...' when it was not
 * reached, and then it waits on the phone (locationQueue) to be sent with its own time.
 * `at` is when the phone took the position.
 */
export async function sendLocation(
  body: UpdateLocationBody,
  at: number = Date.now(),
): Promise<SaveFailure | null> {
  // Reports that waited go first: a newer one must not arrive before them.
  if (!(await flushLocations())) {
    await queueLocation(body, at);
    return 'saveNetwork';
  }
  try {
    await request(locationCalls.update, { body });
    return null;
  } catch (error) {
    if (error instanceof ApiError && !error.isNetwork) return 'saveFailed';
    await queueLocation(body, at);
    return 'saveNetwork';
  }
}
