import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@contract/endpoint';
import { photosApi } from '@contract/endpoints/photos';
import { profilesApi } from '@contract/endpoints/profiles';
import type { OwnProfile } from '@contract/profiles';
import { callApi } from '@web/api/call-api';
import { OWN_PROFILE_KEY } from '@web/api/own-profile-query';
import { USER_QUERY_KEY } from '@web/api/user-api';

export { ownProfileQuery } from '@web/api/own-profile-query';

type ProfileChange =
  typeof profilesApi.saveProfile | typeof photosApi.reorder | typeof photosApi.remove;

/** Every change answers the whole profile; the cache and the user record follow it. */
function useProfileChange<E extends ProfileChange>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInput<E>) => callApi<ProfileChange>(endpoint, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(OWN_PROFILE_KEY, answer.profile);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export const useSaveProfile = () => useProfileChange(profilesApi.saveProfile);
export const useReorderPhotos = () => useProfileChange(photosApi.reorder);
export const useDeletePhoto = () => useProfileChange(photosApi.remove);

export function useSetUploadedProfile() {
  const queryClient = useQueryClient();
  return (profile: OwnProfile) => {
    queryClient.setQueryData(OWN_PROFILE_KEY, profile);
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
}
