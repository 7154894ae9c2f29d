import type { HelpRequestInput, HelpSource, TeamContact } from '@saathi/contract';
import type { WhereAmI } from '../location';
import { locationText } from './deviceLocation';
import { unknownLocationText } from './teamMessage';

/**
 * The request for the team: the location line (place and coordinates, or a plain 'not
 * available' so a driver without GPS can still ask), the coordinates for the map link, and
 * the number chosen.
 */
export function helpBody(
  location: WhereAmI,
  source: HelpSource,
  contact: TeamContact | undefined,
): HelpRequestInput {
  return {
    location: locationText(location, unknownLocationText),
    latitude: location.coords?.latitude ?? null,
    longitude: location.coords?.longitude ?? null,
    helpnumber: contact?.number ?? '',
    contactName: contact?.name ?? '',
    source,
  };
}
