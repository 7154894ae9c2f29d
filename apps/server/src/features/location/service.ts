import { locationLimits, type StoredLocation } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Forbidden } from '../../http/errors.js';
import { distanceKm } from '../geo/gazetteer.js';
import { lastLocation, locationsInBox, saveLocation } from './queries.js';

/** Parsed body of POST /api/v1/update/location: both forms arrive with numbers. */
interface LocationUpdate {
  latitude: number;
  longitude: number;
  driverId?: string;
  accuracy?: number;
}

/** About an hour's drive: close enough to meet on the road or at the same depot. */
const NEARBY_KM = 50;
/** A last location older than this says little about where someone drives now. */
const NEARBY_FRESH_DAYS = 7;
const NEARBY_CANDIDATES = 500;
const KM_PER_DEGREE_LATITUDE = 111.32;
const DAY_MS = 24 * 3600 * 1000;

export function createLocationService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async update(viewer: Viewer, body: LocationUpdate) {
      if (body.driverId !== undefined && body.driverId !== viewer.user.id) {
        throw Forbidden('location_not_yours');
      }
      await saveLocation(
        db,
        {
          userId: viewer.user.id,
          latitude: body.latitude,
          longitude: body.longitude,
          accuracy: body.accuracy ?? null,
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
     * Ids of people whose fresh last location is within about 50 km of the user's, nearest
     * first. Only ids leave this service: nobody learns where anyone else is.
     */
    async nearbyUserIds(userId: string): Promise<string[]> {
      const since = new Date(Date.now() - NEARBY_FRESH_DAYS * DAY_MS);
      const origin = await lastLocation(db, userId);
      if (!origin || origin.recordedAt < since) return [];
      const dLat = NEARBY_KM / KM_PER_DEGREE_LATITUDE;
      const cos = Math.cos((origin.latitude * Math.PI) / 180);
      const dLng = cos > 0.01 ? dLat / cos : Infinity;
      const wraps = origin.longitude - dLng < -180 || origin.longitude + dLng > 180;
      const rows = await locationsInBox(db, {
        exceptUserId: userId,
        lat: [origin.latitude - dLat, origin.latitude + dLat],
        lng: wraps ? undefined : [origin.longitude - dLng, origin.longitude + dLng],
        since,
        limit: NEARBY_CANDIDATES,
        origin: { latitude: origin.latitude, longitude: origin.longitude, cos },
      });
      return rows
        .map((r) => ({
          id: r.userId,
          km: distanceKm(origin.latitude, origin.longitude, r.latitude, r.longitude),
        }))
        .filter((r) => r.km <= NEARBY_KM)
        .sort((a, b) => a.km - b.km)
        .map((r) => r.id);
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
