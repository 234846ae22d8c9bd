import type { FastifyInstance } from 'fastify';
import type { MatchFinderAnswers } from '@contract/discovery';
import { membersApi } from '@contract/endpoints/members';
import { invalidFields } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Site } from '@server/features/sites';
import type { Services } from '@server/services';
import { presentDiscoveryCard } from './discovery-card';
import {
  areKnownInterests,
  findMatchFinderAnswers,
  listMatchFinderResults,
  saveMatchFinderAnswers,
} from './match-finder-queries';

/** spec §2 match-finder: the kept answers and who fits them, with a like state and a score. */
export function matchFinderRoutes(app: FastifyInstance, { db }: Services) {
  const answer = async (site: Site, viewerId: number, answers: MatchFinderAnswers | null) => {
    const rows = answers ? await listMatchFinderResults(db, site.id, viewerId, answers) : [];
    return {
      answers,
      results: rows.map((row) => ({
        ...presentDiscoveryCard(row, site.settings.cdn_prefix),
        score: row.score,
      })),
    };
  };

  registerEndpoint(app, membersApi.matchFinder, async ({ request, reply, member }) => {
    reply.header('cache-control', 'private, no-store');
    return answer(request.site, member.id, await findMatchFinderAnswers(db, member.id));
  });

  registerEndpoint(app, membersApi.saveMatchFinder, async ({ request, reply, member, body }) => {
    if (!(await areKnownInterests(db, body.interests)))
      throw invalidFields({ interests: 'invalid_value' });
    await saveMatchFinderAnswers(db, member.id, body);
    reply.header('cache-control', 'private, no-store');
    return answer(request.site, member.id, body);
  });
}
