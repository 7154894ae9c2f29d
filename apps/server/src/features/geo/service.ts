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
  return Math.sqrt(population / (Math.PI * geoRules.urbanPeoplePerKm2));
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
 * Among sizeable places within reach, the one whose estimated built-up area is closest; inside
 * two of them (Thane within Mumbai's reach), the one whose centre is nearer. So a point in
 * Mumbai's suburbs says Mumbai, not the nearest 20k town, while a highway point names the
 * town it is nearest to rather than a bigger one further away.
 */
function pickCity(candidates: readonly Neighbour[]): Place | null {
  let best: { place: Place; edge: number; centre: number } | null = null;
  for (const { place, distanceKm } of candidates) {
    if (distanceKm > geoRules.cityRadiusKm || !isSizeable(place)) continue;
    const edge = Math.max(0, distanceKm - urbanRadiusKm(place.population));
    if (!best || edge < best.edge || (edge === best.edge && distanceKm < best.centre)) {
      best = { place, edge, centre: distanceKm };
    }
  }
  return best?.place ?? null;
}

const nowhere: ReverseGeocode = { city: '', locality: '', principalSubdivision: '', countryName: '' };

export function reverseGeocode(gazetteer: Gazetteer, lat: number, lon: number): ReverseGeocode {
  const country = gazetteer.countryAt(lat, lon);
  // Outside every border (open sea, most of Antarctica's coast): there is nothing to name.
  if (!country) return nowhere;

  // Only places of the country the point is in: near a border, the nearest town may be across it.
  const inCountry = (place: Place): boolean => place.country === country;
  const candidates = gazetteer
    .within(lat, lon, geoRules.cityRadiusKm)
    .filter((n) => inCountry(n.place));
  const city = pickCity(candidates)?.name ?? '';

  const nearest = gazetteer.nearest(lat, lon, { maxKm: geoRules.stateRadiusKm, where: inCountry });
  const locality =
    nearest && nearest.distanceKm <= geoRules.localityRadiusKm ? nearest.place.name : city;
  // States are named for India only: the package has no admin1 names for other countries.
  const principalSubdivision =
    country === 'IN' && nearest ? (indianStates[nearest.place.admin1] ?? '') : '';

  return { city, locality, principalSubdivision, countryName: countryName(country) };
}

export function createGeoService(
  gazetteer: () => Promise<Gazetteer> = loadGazetteer,
): GeoService {
  return {
    async reverse(lat, lon) {
      return reverseGeocode(await gazetteer(), lat, lon);
    },
  };
}
