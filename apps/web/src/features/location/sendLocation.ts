import { locationCalls, type UpdateLocationBody } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';

export type SaveFailure = 'saveFailed' | 'saveNetwork';

/**
 * Sends a location to the server; answers the spec's failure kind instead of throwing:
 * 'Failed to save location' when the server refused, 'Network error...' when it was not reached.
 */
export async function sendLocation(body: UpdateLocationBody): Promise<SaveFailure | null> {
  try {
    await request(locationCalls.update, { body });
    return null;
  } catch (error) {
    return error instanceof ApiError && error.isNetwork ? 'saveNetwork' : 'saveFailed';
  }
}
