import { type Coordinates, trackerPositionOptions, useWhereAmI, type WhereAmI } from '../location';

/**
 * Where the driver is, for Help and Emergency: the last position kept on the phone at once,
 * then the phone's; one up to 5 minutes old is good enough to send help.
 */
export const useHelpLocation = () =>
  useWhereAmI({ position: trackerPositionOptions, startFromStored: true });

/** Coordinates as the spec shows them: six decimals. */
export const formatCoords = (c: Coordinates) =>
  `${c.latitude.toFixed(6)}, ${c.longitude.toFixed(6)}`;

/** The place name once our reverse geocoder found one. */
export const knownPlace = (location: WhereAmI): string | null =>
  location.place.kind === 'found' ? location.place.name : null;

/** What a help request says about where the driver is: place and coordinates, when known. */
export function locationText(location: WhereAmI, unknownText: string): string {
  if (!location.coords) return unknownText;
  const coords = formatCoords(location.coords);
  const place = knownPlace(location);
  return place ? `${place} (${coords})` : coords;
}

export const mapsLink = (c: Coordinates) =>
  `https://www.google.com/maps?q=${c.latitude.toFixed(6)},${c.longitude.toFixed(6)}`;
