import { photosApi } from '@web/api/endpoints';
import type { OwnProfile } from '@contract/profiles';
import { csrfToken } from '@web/api/api-client';
import { ApiError, apiErrorOf } from '@web/api/api-error';

/**
 * Uploads one photo with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * Resolves with the updated profile, rejects with an ApiError carrying the server's code.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<OwnProfile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(photosApi.upload.method, photosApi.upload.path);
    request.setRequestHeader('x-csrf-token', csrfToken() ?? '');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        // Written by the server through the answer schema, like every answer (api-client.ts).
        resolve((request.response as { profile: OwnProfile }).profile);
        return;
      }
      reject(apiErrorOf(request.status, request.response));
    };
    request.onerror = () => reject(new ApiError(0, 'network_error'));
    const body = new FormData();
    body.append('photo', file);
    request.send(body);
  });
}
