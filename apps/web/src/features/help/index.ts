/** What the admin console uses of help: the team numbers, and links for a help request. */
export { useTeamContacts } from './helpApi';
export { formatCoords, mapsLink } from './deviceLocation';
export { telLink } from './teamMessage';
