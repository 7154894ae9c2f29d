import type { GeoReverseResponse } from '@saathi/contract';
import { loadGazetteer, type Gazetteer, type Neighbour, type Place } from './gazetteer.js';

export type ReverseGeocode = Omit<GeoReverseResponse, 'success'>;

export interface GeoService {
  reverse(lat: number, lon: number): Promise<ReverseGeocode>;
}

/** The rules' numbers, in one place so the tests and docs can name them. */
export const geoRules = {
  /** A city further than this is not "where you are". */
  cityRadiusKm: 30,
  /** The nearest place of any size counts as the locality up to this distance. */
  localityRadiusKm: 10,
  /** The state comes from the nearest place in the same country up to this distance. */
  stateRadiusKm: 100,
  /** A town this big is "sizeable" enough to be named as the city. */
  cityMinPopulation: 20_000,
  /**
   * Typical density of an Indian urban area, used to estimate how far a city's built-up area
   * reaches from its GeoNames point: Mumbai (12.7 M) reaches ~20 km, a 130k town ~2 km.
   */
  urbanPeoplePerKm2: 10_000,
  /** GeoNames populations of fast-growing towns are often old: never assume less than this. */
  minUrbanRadiusKm: 2,
} as const;

/**
 * GeoNames admin1 codes of India to the names people use. GeoNames' own admin1 list is not in
 * the package, and a few of its codes are from before 2020 (06 and 32 are now part of 52).
 */
export const indianStates: Readonly<Record<string, string>> = {
  '01': 'Andaman and Nicobar Islands',
  '02': 'Andhra Pradesh',
  '03': 'Assam',
  '05': 'Chandigarh',
  '06': 'Dadra and Nagar Haveli and Daman and Diu',
  '07': 'Delhi',
  '09': 'Gujarat',
  '10': 'Haryana',
  '11': 'Himachal Pradesh',
  '12': 'Jammu and Kashmir',
  '13': 'Kerala',
  '14': 'Lakshadweep',
  '16': 'Maharashtra',
  '17': 'Manipur',
  '18': 'Meghalaya',
  '19': 'Karnataka',
  '20': 'Nagaland',
  '21': 'Odisha',
  '22': 'Puducherry',
  '23': 'Punjab',
  '24': 'Rajasthan',
  '25': 'Tamil Nadu',
  '26': 'Tripura',
  '28': 'West Bengal',
  '29': 'Sikkim',
  '30': 'Arunachal Pradesh',
  '31': 'Mizoram',
  '32': 'Dadra and Nagar Haveli and Daman and Diu',
  '33': 'Goa',
  '34': 'Bihar',
  '35': 'Madhya Pradesh',
  '36': 'Uttar Pradesh',
  '37': 'Chhattisgarh',
  '38': 'Jharkhand',
  '39': 'Uttarakhand',
  '40': 'Telangana',
  '41': 'Ladakh',
  '52': 'Dadra and Nagar Haveli and Daman and Diu',
};

// Node ships full ICU, so country names come offline from the runtime, in English.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    // A code ICU rejects as malformed: the code itself still tells the user something.
    return code;
  }
}

/** How far from its point a city's built-up area probably extends, as a disc of its people. */
function urbanRadiusKm(population: number): number {
  return Math.max(
    geoRules.minUrbanRadiusKm,
    Math.sqrt(population / (Math.PI * geoRules.urbanPeoplePerKm2)),
  );
}

function isSizeable(place: Place): boolean {
  // Capitals count even where GeoNames has no population figure for them.
  return (
    place.population >= geoRules.cityMinPopulation ||
    place.featureCode === 'PPLC' ||
    place.featureCode === 'PPLA'
  );
}

/**
 * GeoNames gives a city as one point, so each sizeable place gets an estimated built-up disc.
 * Inside one or more discs, the city whose disc the point is relatively deepest in wins: the
 * centre of Thane says Thane, though it is within Mumbai's reach, while Powai (a 20k suburb
 * 5 km from Mumbai's point) says Mumbai. Outside every disc, as on a highway, the city whose
 * edge is nearest wins, so the town just down the road beats a bigger one further away.
 */
function pickCity(candidates: readonly Neighbour[]): Place | null {
  let inside: { place: Place; depth: number } | null = null;
  let outside: { place: Place; edge: number } | null = null;
  for (const { place, distanceKm } of candidates) {
    if (distanceKm > geoRules.cityRadiusKm || !isSizeable(place)) continue;
    const radius = urbanRadiusKm(place.population);
    if (distanceKm <= radius) {
      const depth = distanceKm / radius;
      if (!inside || depth < inside.depth) inside = { place, depth };
    } else {
      const edge = distanceKm - radius;
      if (!outside || edge < outside.edge) outside = { place, edge };
    }
  }
  return inside?.place ?? outside?.place ?? null;
}

const nowhere: ReverseGeocode = {
  city: '',
  locality: '',
  principalSubdivision: '',
  countryName: '',
};

export function reverseGeocode(gazetteer: Gazetteer, lat: number, lon: number): ReverseGeocode {
  const country = gazetteer.countryAt(lat, lon);
  // Outside every border (open sea, most of Antarctica's coast): there is nothing to name.
  if (!country) return nowhere;

  // Only places of the country the point is in: near a border, the nearest town may be across it.
  const inCountry = (place: Place): boolean => place.country === country;
  const candidates = gazetteer
    .within(lat, lon, geoRules.cityRadiusKm)
    .filter((n) => inCountry(n.place));
  // The nearest place decides the state, so the city comes from that state when it has one in
  // reach: a point in Noida names an Uttar Pradesh city, not Delhi across the border.
  const nearest = gazetteer.nearest(lat, lon, { maxKm: geoRules.stateRadiusKm, where: inCountry });
  const admin1 = nearest?.place.admin1;
  const cityPlace =
    pickCity(candidates.filter((n) => n.place.admin1 === admin1)) ?? pickCity(candidates);
  const city = cityPlace?.name ?? '';

  const locality =
    nearest && nearest.distanceKm <= geoRules.localityRadiusKm ? nearest.place.name : city;
  // States are named for India only: the package has no admin1 names for other countries.
  const principalSubdivision =
    country === 'IN' && admin1 !== undefined ? (indianStates[admin1] ?? '') : '';

  return { city, locality, principalSubdivision, countryName: countryName(country) };
}

export function createGeoService(gazetteer: () => Promise<Gazetteer> = loadGazetteer): GeoService {
  return {
    async reverse(lat, lon) {
      return reverseGeocode(await gazetteer(), lat, lon);
    },
  };
}
