import type { FastifyInstance } from 'fastify';
import { accountApi } from '@contract/endpoints/account';
import { findMemberById, updateMember } from '@server/db/members-table';
import { invalidFields } from '@server/errors/app-error';
import { presentLoggedInUser } from '@server/features/auth';
import { isRegionOf } from '@server/features/geo';
import { presentProfileCard } from '@server/features/members';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { listSignupMatches } from './signup-matches-queries';

const SIGNUP_MATCHES_COUNT = 12;

/** spec §2 complete-signup and signup-matches: the steps right after the signup form. */
export function completeSignupRoutes(app: FastifyInstance, { db }: Services) {
  registerEndpoint(app, accountApi.signupMatches, async ({ request, member }) => {
    const { site } = request;
    // Leaves out the member and anyone blocked either way (spec §1).
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
