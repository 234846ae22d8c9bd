import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MANIFEST_PATH } from '@contract/installed-app';
import { requestLocale } from '@server/features/settings';
import { ICON_SIZES, appIconPng } from './app-icons';
import { appManifest } from './app-manifest';

const iconParams = z.object({
  purpose: z.enum(['any', 'maskable']),
  size: z.coerce
    .number()
    .int()
    .refine((size): size is (typeof ICON_SIZES)[number] => ICON_SIZES.some((s) => s === size)),
});

/** Sends `body` with a strong ETag; a request that already has it gets 304 and no body. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: Buffer | string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(body);
}

/**
 * The installed app's manifest and icons, per site (issue 25 §5). Both are derived from the
 * site record alone, so they are built on request: no cache to keep right.
 */
export function installedAppRoutes(app: FastifyInstance) {
  app.get(MANIFEST_PATH, async (request, reply) => {
    const manifest = appManifest(request.site, requestLocale(request));
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'cookie');
    return sendWithEtag(request, reply, JSON.stringify(manifest));
  });

  app.get('/app-icons/:purpose/:size.png', async (request, reply) => {
    const params = iconParams.safeParse(request.params);
    if (!params.success) return reply.callNotFound();
    const { purpose, size } = params.data;
    const png = await appIconPng(request.site.settings.app_colors.brand, size, purpose);
    reply.type('image/png').header('cache-control', 'public, max-age=86400');
    return sendWithEtag(request, reply, png);
  });
}
