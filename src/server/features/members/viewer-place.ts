import type { FastifyRequest } from 'fastify';
import type { Member } from '@server/db/member-record';
import { requestCountry } from '@server/features/settings';
import { type Place, placeOf } from './near-first';

/**
 * Where the viewer is, for lists that show members near them first (issue 29 item 14): a
 * member's profile place, a visitor's country (the one chosen on /lang-config, else the CDN's
 * country header, where the site serves it; else the site's first country).
 */
export function viewerPlace(
  request: FastifyRequest,
  member: Member | null,
  geoipHeader: string | undefined,
): Place {
  return member ? placeOf(member) : { country: requestCountry(request, geoipHeader), region: null };
}

/** The Vary of an answer built for a visitor's place: the cookies, and the country header. */
export function visitorVary(geoipHeader: string | undefined): string {
  return geoipHeader ? `cookie, ${geoipHeader}` : 'cookie';
}
