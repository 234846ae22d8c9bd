import { queryOptions } from '@tanstack/react-query';
import { memberLandingApi } from '@web/api/endpoints';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

/** The member an ad is for (GET /api/member-landing.php). */
export const memberLandingQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.memberLanding(id),
    queryFn: ({ signal }) =>
      callApi(memberLandingApi.member, { query: { id }, signal }).then((answer) => answer.profile),
  });
