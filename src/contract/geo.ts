import { z } from 'zod';
import { countryCodeSchema } from './settings';

/**
 * A coordinate in a query string: decimal notation only ("1e3", "0x10", "" and " 5" are
 * refused), then within its range. A client may hand it a number.
 */
const coordinate = (limit: number) =>
  z
    .union([z.string().regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'invalid_value'), z.number()])
    .transform(Number)
    .pipe(z.number().min(-limit, 'invalid_value').max(limit, 'invalid_value'));

// spec §7: GET /api/geocode.php with query {lat, lon}.
export const geocodeQuerySchema = z.object({ lat: coordinate(90), lon: coordinate(180) });

/**
 * Where a point lies: its country and, where the site's region list knows it, its region
 * code. Never coordinates: the answer holds no more than a member would pick in a form.
 */
export const placeSchema = z.object({ country: countryCodeSchema, region: z.string().nullable() });
export type Place = z.infer<typeof placeSchema>;

// spec §7 "on failure the result is set to false": a point in no country (the sea) is false.
export const geocodeAnswerSchema = z.object({ geocode: z.union([placeSchema, z.literal(false)]) });

/**
 * spec §7: the beacon sent when a page is hidden with `lb` (spec §4). The spec's body is an
 * empty JSON object; ours may name the page, else the Referer does. Anything else is ignored.
 */
export const pageHiddenBodySchema = z.unknown();
export const pageHiddenAnswerSchema = z.object({ counted: z.boolean() });
