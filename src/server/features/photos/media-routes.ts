import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPrivatePhotoPath } from './private-photos';

/**
 * Serves stored photos under /media (the embedded default cdn_prefix). File names are random
 * and never reused, so every file is cached for a year.
 */
export async function mediaRoutes(app: FastifyInstance, options: { mediaDir: string }) {
  const root = resolve(options.mediaDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
    // Private photos (chat, issue 9 §3) are served only by their feature, to whom may see them.
    allowedPath: (pathName) => !isPrivatePhotoPath(pathName),
  });
}
