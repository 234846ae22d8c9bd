import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { dataExportRoutes } from './data-export-routes';
import { buildExport, mailExport, purgeExports } from './export-jobs';

// The data-export feature (issue 31 item 8, docs/data-export.md): a member downloads
// everything the site holds about them, as a ZIP built by a job and fetched once through a
// mailed link that expires.
export async function dataExportFeature(app: FastifyInstance, services: Services) {
  services.jobs.work('data-export.build', (job) => buildExport(services, job));
  services.jobs.work('data-export.mail', (job) => mailExport(services, job));
  services.jobs.work('data-export.purge', () => purgeExports(services));
  services.jobs.schedule('data-export.purge', '0 * * * *', {});
  dataExportRoutes(app, services);
}
