import type { FastifyRequest } from 'fastify';
import { sendPhotoFieldsSchema } from '@contract/chat';
import { AppError, invalidFields } from '@server/errors/app-error';
import { MAX_PHOTO_BYTES } from '@server/features/photos';

/**
 * Reads a photo message's multipart body: the fields `to` and `client_key` and one file
 * (issue 9 §3). Fields are checked with the contract's schema, like a JSON body.
 */
export async function readPhotoMessage(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 2 } });
    for await (const part of parts) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('photo_too_large', 'too_large');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('photo_missing', 'unsupported');
    throw new AppError('photo_missing', 'invalid');
  }
  const parsed = sendPhotoFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw invalidFields(
      Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'fields'), 'invalid_value']),
      ),
    );
  if (!file || file.length === 0) throw new AppError('photo_missing', 'invalid');
  return { ...parsed.data, file };
}
