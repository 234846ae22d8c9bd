import { geoApi } from './endpoints';
import type { Place } from '@contract/geo';
import { callApi } from './call-api';

/** spec §7 geocode.php: where a point is; false when it is in no country or the call fails. */
export function geocode(lat: number, lon: number): Promise<Place | false> {
  return callApi(geoApi.geocode, { query: { lat, lon } }).then(
    (answer) => answer.geocode,
    () => false as const,
  );
}
