// What other features may use of geo: the distance between two points.
export { distanceKm } from './gazetteer.js';
