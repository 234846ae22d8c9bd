import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ownProfileAnswerSchema, type OwnProfile, type ProfileUpdate } from '@contract/profiles';
import { apiRequest } from '@web/api/api-client';
import { USER_QUERY_KEY } from '@web/api/user-api';

export const OWN_PROFILE_KEY = ['own-profile'] as const;

export const ownProfileQuery = queryOptions({
  queryKey: OWN_PROFILE_KEY,
  queryFn: ({ signal }) =>
    apiRequest('/api/profile.php', ownProfileAnswerSchema, { signal }).then(
      (answer) => answer.profile,
    ),
});

/** Every change answers the whole profile; the cache and the user record follow it. */
function useProfileChange<Body>(method: 'PUT' | 'DELETE', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest(path, ownProfileAnswerSchema, { method, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(OWN_PROFILE_KEY, answer.profile);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export const useSaveProfile = () => useProfileChange<ProfileUpdate>('PUT', '/api/profile.php');
export const useReorderPhotos = () =>
  useProfileChange<{ order: number[] }>('PUT', '/api/photos.php');
export const useDeletePhoto = () => useProfileChange<{ id: number }>('DELETE', '/api/photos.php');

export function useSetUploadedProfile() {
  const queryClient = useQueryClient();
  return (profile: OwnProfile) => {
    queryClient.setQueryData(OWN_PROFILE_KEY, profile);
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
}
