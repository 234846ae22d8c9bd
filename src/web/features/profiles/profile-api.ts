import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput, TypedRoute } from '@contract/endpoint';
import { photosApi, profilesApi } from '@web/api/endpoints';
import type { OwnProfile } from '@contract/profiles';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

export { ownProfileQuery } from '@web/api/own-profile-query';

type ProfileChange<Route> = Route extends TypedRoute<infer E> ? E : never;
type ProfileChangeRoute =
  typeof profilesApi.saveProfile | typeof photosApi.reorder | typeof photosApi.remove;

/** Every change answers the whole profile; the cache and the user record follow it. */
function useProfileChange<Route extends ProfileChangeRoute>(endpoint: Route) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<Route>) =>
      callApi(endpoint as TypedRoute<ProfileChange<ProfileChangeRoute>>, {
        body: body as BodyInput<ProfileChangeRoute>,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.ownProfile, answer.profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

export const useSaveProfile = () => useProfileChange(profilesApi.saveProfile);
export const useReorderPhotos = () => useProfileChange(photosApi.reorder);
export const useDeletePhoto = () => useProfileChange(photosApi.remove);

export function useSetUploadedProfile() {
  const queryClient = useQueryClient();
  return (profile: OwnProfile) => {
    queryClient.setQueryData(queryKeys.ownProfile, profile);
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
  };
}
