import type { GeoReverseResponse } from '@saathi/contract';

/** Spec order: city, locality, principal subdivision, country name; '' when all are empty. */
export function placeName(place: GeoReverseResponse): string {
  return (
    [place.city, place.locality, place.principalSubdivision, place.countryName]
      .map((part) => part.trim())
      .find((part) => part.length > 0) ?? ''
  );
}
