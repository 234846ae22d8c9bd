import { photosApi } from '@contract/endpoints/photos';
import { errorAnswerSchema } from '@contract/errors';
import { ownProfileAnswerSchema, type OwnProfile } from '@contract/profiles';
import { csrfToken } from '@web/api/api-client';
import { ApiError } from '@web/api/api-error';

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
        resolve(ownProfileAnswerSchema.parse(request.response).profile);
        return;
      }
      const answer = errorAnswerSchema.safeParse(request.response);
      reject(
        new ApiError(
          request.status,
          answer.success ? answer.data.error : 'internal_error',
          answer.success ? answer.data : {},
        ),
      );
    };
    request.onerror = () => reject(new ApiError(0, 'network_error'));
    const body = new FormData();
    body.append('photo', file);
    request.send(body);
  });
}
