import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@contract/endpoint';
import { photosApi } from '@contract/endpoints/photos';
import { profilesApi } from '@contract/endpoints/profiles';
import type { OwnProfile } from '@contract/profiles';
import { callApi } from '@web/api/call-api';
import { queryKeys } from '@web/api/query-keys';

export { ownProfileQuery } from '@web/api/own-profile-query';

type ProfileChange =
  typeof profilesApi.saveProfile | typeof photosApi.reorder | typeof photosApi.remove;

/** Every change answers the whole profile; the cache and the user record follow it. */
function useProfileChange<E extends ProfileChange>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<E>) => callApi<ProfileChange>(endpoint, { body }),
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
