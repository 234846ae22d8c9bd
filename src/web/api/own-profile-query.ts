import { queryOptions } from '@tanstack/react-query';
import { profilesApi } from '@contract/endpoints/profiles';
import { callApi } from './call-api';

// The member's own profile is read by the profile editor and by the privacy settings: one
// query key, so a change in either shows in both.
export const OWN_PROFILE_KEY = ['own-profile'] as const;

export const ownProfileQuery = queryOptions({
  queryKey: OWN_PROFILE_KEY,
  queryFn: ({ signal }) =>
    callApi(profilesApi.ownProfile, { signal }).then((answer) => answer.profile),
});
