import { z } from 'zod';

export const PHOTO_STATUSES = ['pending', 'active', 'rejected'] as const;

// spec §3 main_image: filename, thumb_filename, status and the match-size path, all under
// the site's cdn_prefix; null when the member has no photo.
export const mainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  match: z.string(),
  status: z.enum(PHOTO_STATUSES),
});
export type MainImage = z.infer<typeof mainImageSchema>;
