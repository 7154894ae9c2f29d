import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../../test/seeded-random.js';
import { distanceKm, loadGazetteer, SphereIndex, type Gazetteer } from './gazetteer.js';

interface Point {
  lat: number;
  lon: number;
}

/** Uniform on the sphere (not on the lat/lon rectangle), so the poles get their share. */
function pointOnSphere(next: () => number): Point {
  return { lat: (Math.asin(2 * next() - 1) * 180) / Math.PI, lon: next() * 360 - 180 };
}

function bruteNearest(points: readonly Point[], q: Point): { id: number; distanceKm: number } {
  let best = { id: -1, distanceKm: Infinity };
  points.forEach((p, id) => {
    const d = distanceKm(q.lat, q.lon, p.lat, p.lon);
    if (d < best.distanceKm) best = { id, distanceKm: d };
  });
  return best;
}

/** Same nearest place, allowing only for exact ties (GeoNames has places sharing a point). */
function expectSameNearest(
  points: readonly Point[],
  got: { id: number; distanceKm: number } | null,
  want: { id: number; distanceKm: number },
): void {
  expect(got).not.toBeNull();
  if (!got) return;
  expect(got.distanceKm).toBeCloseTo(want.distanceKm, 6);
  if (got.id !== want.id) {
    const a = points[got.id] as Point;
    const b = points[want.id] as Point;
    expect(distanceKm(a.lat, a.lon, b.lat, b.lon)).toBeLessThan(1e-6);
  }
}

describe('SphereIndex against a brute-force scan', () => {
  it('finds the same nearest point for random points worldwide', () => {
    const next = random(1);
    const points = Array.from({ length: 5000 }, () => pointOnSphere(next));
    const index = new SphereIndex(points);
    for (let i = 0; i < 500; i++) {
      const q = pointOnSphere(next);
      expectSameNearest(points, index.nearest(q.lat, q.lon), bruteNearest(points, q));
    }
  });

  it('handles the poles, the 180° meridian and duplicate points', () => {
    const points: Point[] = [
      { lat: 0, lon: 179.9 },
      { lat: 0, lon: -179.95 },
      { lat: 89.99, lon: 10 },
      { lat: 89.99, lon: -170 },
      { lat: -90, lon: 0 },
      { lat: 19.07283, lon: 72.88261 },
      { lat: 19.07283, lon: 72.88261 },
    ];
    const index = new SphereIndex(points);
    // Across the meridian, -179.95 is 5.6 km away and 179.9 is 11 km: longitudes alone mislead.
    expect(index.nearest(0, 180)?.id).toBe(1);
    expect(index.nearest(90, 0)?.distanceKm).toBeCloseTo(1.112, 2);
    expect(index.nearest(-89.5, 123)?.id).toBe(4);
    expect([5, 6]).toContain(index.nearest(19.076, 72.8777)?.id);
    expect(
      index
        .within(19.076, 72.8777, 1)
        .map((h) => h.id)
        .sort(),
    ).toEqual([5, 6]);
  });

  it('respects the distance bound and the filter', () => {
    const index = new SphereIndex([
      { lat: 10, lon: 10 },
      { lat: 10.1, lon: 10 },
    ]);
    expect(index.nearest(10.5, 10, 10)).toBeNull();
    expect(index.nearest(10.5, 10, 50)?.id).toBe(1);
    expect(index.nearest(10.1, 10, Infinity, (id) => id !== 1)?.id).toBe(0);
    expect(new SphereIndex([]).nearest(0, 0)).toBeNull();
  });

  it('finds exactly the points within a radius', () => {
    const next = random(2);
    // Clustered over India, as real lookups are, with radii from a street to a state.
    const points = Array.from({ length: 4000 }, () => ({
      lat: 8 + next() * 28,
      lon: 68 + next() * 29,
    }));
    const index = new SphereIndex(points);
    for (let i = 0; i < 200; i++) {
      const q = { lat: 8 + next() * 28, lon: 68 + next() * 29 };
      const radius = 1 + next() * 200;
      const want = points
        .map((p, id) => ({ id, d: distanceKm(q.lat, q.lon, p.lat, p.lon) }))
        .filter((h) => h.d <= radius)
        .map((h) => h.id)
        .sort((a, b) => a - b);
      const got = index
        .within(q.lat, q.lon, radius)
        .map((h) => h.id)
        .sort((a, b) => a - b);
      expect(got).toEqual(want);
    }
  });
});

describe('the shipped gazetteer', () => {
  let gazetteer: Gazetteer;
  let places: Point[];
  beforeAll(async () => {
    gazetteer = await loadGazetteer();
    // Every place, read back through the index itself (an unbounded radius returns them all).
    places = gazetteer.within(0, 0, Infinity).map((n) => n.place);
  });

  it('loads once, with the whole extract', async () => {
    expect(await loadGazetteer()).toBe(gazetteer);
    expect(gazetteer.size).toBeGreaterThan(130_000);
    expect(places).toHaveLength(gazetteer.size);
  });

  it('agrees with a brute-force scan on random points, worldwide and over India', () => {
    // The scan compares every place by dot product of unit vectors (largest = nearest), the
    // textbook method with no tree, then checks the winner's haversine distance.
    const unit = (p: Point): [number, number, number] => {
      const la = (p.lat * Math.PI) / 180;
      const lo = (p.lon * Math.PI) / 180;
      return [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)];
    };
    const vectors = places.map(unit);
    const next = random(3);
    for (let i = 0; i < 300; i++) {
      const q = i % 2 === 0 ? pointOnSphere(next) : { lat: 8 + next() * 28, lon: 68 + next() * 29 };
      const [qx, qy, qz] = unit(q);
      let bestDot = -2;
      let bestId = -1;
      vectors.forEach(([x, y, z], id) => {
        const dot = x * qx + y * qy + z * qz;
        if (dot > bestDot) {
          bestDot = dot;
          bestId = id;
        }
      });
      const wanted = places[bestId] as Point;
      const got = gazetteer.nearest(q.lat, q.lon);
      expect(got).not.toBeNull();
      expect(got?.distanceKm).toBeCloseTo(distanceKm(q.lat, q.lon, wanted.lat, wanted.lon), 6);
      const found = got?.place as Point;
      // The same place, or one at the very same point (GeoNames has a few such pairs).
      expect(distanceKm(found.lat, found.lon, wanted.lat, wanted.lon)).toBeLessThan(1e-6);
    }
  });

  it('answers a lookup in well under a millisecond', () => {
    const next = random(4);
    const queries = Array.from({ length: 2000 }, () => ({
      lat: 8 + next() * 28,
      lon: 68 + next() * 29,
    }));
    const started = performance.now();
    for (const q of queries) gazetteer.nearest(q.lat, q.lon, { maxKm: 100 });
    const perLookupMs = (performance.now() - started) / queries.length;
    // A linear scan of 135k places takes several milliseconds; the tree takes microseconds.
    expect(perLookupMs).toBeLessThan(0.5);
  });
});
