import { z } from 'zod';
import { idSchema } from './ids';

/** Issue 31 item 8: the states an export passes through (server: features/data-export). */
export const DATA_EXPORT_STATUSES = [
  'preparing',
  'ready',
  'downloaded',
  'expired',
  'failed',
] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a mailed download link works. */
export const DATA_EXPORT_LIFETIME_HOURS = 48;

export const dataExportRequestSchema = z.object({
  // An export holds everything: the password proves it is the member, not a borrowed session.
  password: z.string().min(1).max(200),
});

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportAnswerSchema = z.object({ export: dataExportSchema.nullable() });

export const dataExportDownloadSchema = z.object({
  id: idSchema,
  token: z.string().min(1).max(200),
});
