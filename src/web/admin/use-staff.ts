import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@web/api/api-error';
import { callApi } from '@web/api/call-api';
import { adminKeys } from './admin-query-keys';
import { staffApi } from './admin-api';

/** Who is logged in to the console; null when nobody (a 403 from me.php). */
export function useStaff() {
  const query = useQuery({
    queryKey: adminKeys.me,
    queryFn: async () => {
      try {
        return (await callApi(staffApi.me)).staff;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
  return { staff: query.data, isLoading: query.isLoading };
}
