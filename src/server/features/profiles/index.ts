import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { fictionalProfileRoutes } from './fictional/fictional-routes';
import { photoRoutes } from './photo-routes';
import { profileRoutes } from './profile-routes';

// The profiles feature: the member's own profile and photos, and member pages as each
// viewer may see them (spec §2 profile, members-id; §6).
export { memberPageChecks } from './member-page-checks';
export { decidePendingPhoto } from './photo-queries';

export async function profilesFeature(app: FastifyInstance, services: Services) {
  profileRoutes(app, services);
  // Uploads only where photos arrive: the multipart plugin adds a hook to every request of
  // the scope it is registered in (docs/performance.md).
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    photoRoutes(uploads, services);
    // Issue 30 item 4: the console's fictional profiles, whose photos take the same path.
    fictionalProfileRoutes(uploads, services);
  });
}
