/**
 * The one "where am I" (phone position, last known location, place name) and the location
 * permission, for Help, Add Video and drive-safe mode.
 */
export {
  browserMessage,
  geolocationSupported,
  screenPositionOptions,
  trackerPositionOptions,
  type Coordinates,
} from './whereAmI';
export { useWhereAmI, type WhereAmI } from './useWhereAmI';
export { watchLocationPermission } from './permission';
export { setWatchedPosition } from './watchedPosition';
export { flushLocations } from './locationQueue';
