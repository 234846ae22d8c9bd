import { queryOptions } from '@tanstack/react-query';
import { profilesApi } from '@web/api/endpoints';
import { callApi } from './call-api';
import { queryKeys } from '@web/api/query-keys';

// The member's own profile is read by the profile editor and by the privacy settings: one
// query key, so a change in either shows in both.

export const ownProfileQuery = queryOptions({
  queryKey: queryKeys.ownProfile,
  queryFn: ({ signal }) =>
    callApi(profilesApi.ownProfile, { signal }).then((answer) => answer.profile),
});
