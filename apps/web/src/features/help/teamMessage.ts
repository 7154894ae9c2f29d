import type { Coordinates } from '../location';
import { mapsLink } from './deviceLocation';

/**
 * Texts read by the team, not by the driver: in English whatever language the phone shows,
 * like the rest of the admin console.
 */
export const unknownLocationText = 'Location not available (the phone did not share it)';

/** The SMS a driver without internet sends the team; `location` already holds the coordinates. */
export function sosSmsBody(location: string, coords: Coordinates | null): string {
  const map = coords ? ` ${mapsLink(coords)}` : '';
  return `SOS from Saathi. I need help. Location: ${location}${map}`;
}

/** An sms: link that Android and iOS both open with the body filled in. */
export const smsLink = (number: string, body: string) =>
  `sms:${number.replace(/[\s-]/g, '')}?body=${encodeURIComponent(body)}`;

export const telLink = (number: string) => `tel:${number.replace(/[\s-]/g, '')}`;
