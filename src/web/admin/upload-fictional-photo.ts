import type { FictionalProfile } from '@contract/fictional-profiles';
import { csrfToken } from '@web/api/api-client';
import { ApiError, apiErrorOf } from '@web/api/api-error';
import { fictionalApi } from './admin-api';

/**
 * Uploads one photo for a fictional profile (a file, not JSON, so not through callApi).
 * Resolves with the profile as the server now has it; rejects with the server's error code.
 */
export async function uploadFictionalPhoto(
  profileId: number,
  file: File,
): Promise<FictionalProfile> {
  const body = new FormData();
  body.append('photo', file);
  let response: Response;
  try {
    response = await fetch(`${fictionalApi.uploadPhoto.path}?profile=${profileId}`, {
      method: fictionalApi.uploadPhoto.method,
      headers: { 'x-csrf-token': csrfToken() ?? '' },
      body,
    });
  } catch {
    throw new ApiError(0, 'network_error');
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, answer);
  return (answer as { profile: FictionalProfile }).profile;
}
