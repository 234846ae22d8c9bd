import { queryOptions } from '@tanstack/react-query';
import { memberLandingApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

/**
 * The member an ad is for (GET /api/member-landing.php), with the tracking values the visitor
 * came with: where the site lets only visitors from a traffic source see members (spec §6).
 */
export const memberLandingQuery = (id: number, trafficSource: TrafficSource) =>
  queryOptions({
    queryKey: queryKeys.memberLanding(id),
    queryFn: ({ signal }) =>
      callApi(memberLandingApi.member, { query: { id, ...trafficSource }, signal }).then(
        (answer) => answer.profile,
      ),
  });

export interface TrafficSource {
  network?: string | undefined;
  ref?: string | undefined;
}
