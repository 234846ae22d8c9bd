import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import type { ProfileCard } from '@contract/members';
import { findMemberById, updateMember } from '@server/db/member-queries';
import { invalidFields } from '@server/errors/app-error';
import { presentLoggedInUser } from '@server/features/auth';
import { isRegionOf } from '@server/features/geo';
import { listBlockedEitherWay } from '@server/features/blocks';
import {
  keptPerSite,
  presentCards,
  presentProfileCard,
  viewersCards,
} from '@server/features/members';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listSignupCandidates, listSignupMatches } from './signup-matches-queries';

const SIGNUP_MATCHES_COUNT = 12;
/** Read beyond the list, so leaving out the member and their blocks rarely empties it. */
const SIGNUP_MATCHES_SPARE = 36;

/** spec §2 complete-signup and signup-matches: the steps right after the signup form. */
export async function completeSignupRoutes(app: FastifyInstance, { db, pubSub }: Services) {
  const readLimit = SIGNUP_MATCHES_COUNT + SIGNUP_MATCHES_SPARE;
  const keptCards = await keptPerSite<ProfileCard[]>(pubSub);

  registerEndpoint(app, accountApi.signupMatches, async ({ request, member }) => {
    const { site } = request;
    // The same for everyone of a country and a sought gender, kept per site; the member and
    // their blocks (read fresh) are left out here.
    const key = `signup-matches:${member.country}:${member.seeking}`;
    const [cards, blocked] = await Promise.all([
      keptCards(site, key, async () =>
        presentCards(
          await listSignupCandidates(db, site.id, member, readLimit),
          site.settings.cdn_prefix,
        ),
      ),
      listBlockedEitherWay(db, member.id),
    ]);
    const hidden = new Set(blocked).add(member.id);
    const profiles = viewersCards(cards, readLimit, SIGNUP_MATCHES_COUNT, hidden);
    if (profiles) return { profiles };
    const rows = await listSignupMatches(db, member, SIGNUP_MATCHES_COUNT);
    const cdnPrefix = site.settings.cdn_prefix;
    return { profiles: rows.map((row) => presentProfileCard(row, cdnPrefix)) };
  });

  registerEndpoint(app, accountApi.completeSignup, async ({ request, member, body }) => {
    const { gender, seeking, country, region } = body;
    if (!request.site.settings.countries.includes(country))
      throw invalidFields({ country: 'invalid_value' });
    if (region !== null && !isRegionOf(country, region))
      throw invalidFields({ region: 'invalid_value' });
    await updateMember(db, member.id, { gender, seeking, country, region });
    const updated = (await findMemberById(db, member.id))!;
    return { user: await presentLoggedInUser(db, updated, request.site.settings.cdn_prefix) };
  });
}
