import type { MainImage } from '@contract/photos';
import { PHOTO_STATUSES } from '@contract/photos';
import { mediaUrl } from '@server/storage/photo-storage';

export interface StoredPhoto {
  storage_key: string;
  blurred_storage_key: string;
  status: string;
}

const statusOf = (status: string): MainImage['status'] =>
  (PHOTO_STATUSES as readonly string[]).includes(status)
    ? (status as MainImage['status'])
    : 'pending';

/** spec §3 main_image: every size's path under the site's cdn_prefix. */
export function presentMainImage(
  cdnPrefix: string,
  photo: StoredPhoto | undefined,
): MainImage | null {
  if (!photo) return null;
  return {
    filename: mediaUrl(cdnPrefix, `${photo.storage_key}-full.webp`),
    thumb_filename: mediaUrl(cdnPrefix, `${photo.storage_key}-thumb.webp`),
    match: mediaUrl(cdnPrefix, `${photo.storage_key}-match.webp`),
    status: statusOf(photo.status),
  };
}
