import type { Place } from '@contract/geo';
import { geocode } from '@web/api/geo-api';

// spec §9 "Location cache maximumAge 1 hour": a position the browser found within the hour
// is good enough to suggest a country and region.
export const LOCATION_MAX_AGE_MS = 60 * 60 * 1000;
const LOCATION_TIMEOUT_MS = 20_000;

/** The browser's position, coarse (no GPS needed for a region); null when refused or unknown. */
function currentPosition(): Promise<GeolocationPosition | null> {
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
      enableHighAccuracy: false,
      maximumAge: LOCATION_MAX_AGE_MS,
      timeout: LOCATION_TIMEOUT_MS,
    });
  });
}

/**
 * The visitor's country and region from their position, geocoded offline by our server
 * (spec §7); false when the position or the place is unknown (spec §7: the result is false).
 * Loaded only when someone asks for it: it is never part of a page's first load.
 */
export async function locatePlace(): Promise<Place | false> {
  const position = await currentPosition();
  if (!position) return false;
  return geocode(position.coords.latitude, position.coords.longitude);
}
