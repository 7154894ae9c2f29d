import { locationLimits, type StoredLocation } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Forbidden, HttpError } from '../../http/errors.js';
import { distanceKm } from '../geo/index.js';
import { cellAndNeighbours } from './cells.js';
import { lastLocation, saveLocation, userIdsInCells, type LocationRow } from './queries.js';

/** Parsed body of POST /api/v1/update/location: both forms arrive with numbers. */
interface LocationUpdate {
  latitude: number;
  longitude: number;
  driverId?: string;
  accuracy?: number;
  /** When the phone took the position (a report queued offline); now when absent. */
  recordedAt?: string;
}

/** A last location older than this says little about where someone drives now. */
const NEARBY_FRESH_DAYS = 7;
const NEARBY_CANDIDATES = 500;
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/**
 * Whether a vehicle could have gone from the stored last location to the new one since it
 * was stored. Without this, anyone could set their location anywhere, as often as they
 * like, and probe where the 'nearby' cells of others lie.
 */
function reachable(previous: LocationRow, next: LocationUpdate, at: Date): boolean {
  const km = distanceKm(previous.latitude, previous.longitude, next.latitude, next.longitude);
  // By the two positions' own times, whichever came first: a queued report arrives late.
  const hours = Math.abs(at.getTime() - previous.recordedAt.getTime()) / HOUR_MS;
  return km <= locationLimits.jumpSlackKm + locationLimits.maxSpeedKmh * hours;
}

export function createLocationService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async update(viewer: Viewer, body: LocationUpdate) {
      if (body.driverId !== undefined && body.driverId !== viewer.user.id) {
        throw Forbidden('location_not_yours');
      }
      const now = new Date();
      // A phone clock a little ahead (the contract allows a small skew) is taken as now.
      const at = body.recordedAt
        ? new Date(Math.min(Date.parse(body.recordedAt), now.getTime()))
        : now;
      const previous = await lastLocation(db, viewer.user.id);
      if (previous && !reachable(previous, body, at)) {
        throw new HttpError(422, 'location_implausible');
      }
      await saveLocation(
        db,
        {
          userId: viewer.user.id,
          latitude: body.latitude,
          longitude: body.longitude,
          accuracy: body.accuracy ?? null,
          recordedAt: at,
        },
        locationLimits.historyMinGapSeconds,
      );
      return { success: true as const };
    },

    async last(viewer: Viewer): Promise<{ success: true; location: StoredLocation | null }> {
      const row = await lastLocation(db, viewer.user.id);
      return {
        success: true,
        location: row
          ? {
              latitude: row.latitude,
              longitude: row.longitude,
              accuracy: row.accuracy,
              timestamp: row.recordedAt.toISOString(),
            }
          : null,
      };
    },

    /**
     * Ids of people whose fresh last location is in the user's ~10 km cell or the 8 around it,
     * most followed first (never nearest first). Only ids leave this service, and only the
     * cells decide: nobody learns more of where anyone is than which cells are near theirs.
     */
    async nearbyUserIds(userId: string): Promise<string[]> {
      const since = new Date(Date.now() - NEARBY_FRESH_DAYS * DAY_MS);
      const origin = await lastLocation(db, userId);
      if (!origin || origin.recordedAt < since) return [];
      return userIdsInCells(db, {
        cells: cellAndNeighbours(origin.cell),
        exceptUserId: userId,
        since,
        limit: NEARBY_CANDIDATES,
      });
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
