import type { FastifyInstance } from 'fastify';
import { installedAppRoutes } from './installed-app-routes';

// The installed app (issue 25 §5): the web app manifest and its icons, per site.
export async function installedAppFeature(app: FastifyInstance) {
  installedAppRoutes(app);
}
