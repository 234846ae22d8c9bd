import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { sendBanMail } from './ban-mail';
import { moderationRoutes } from './moderation-routes';

// The moderation feature (issue 30 item 5): the console's photo queue, reports, member lookup
// and bans. It writes through the tables' owners (members-table, the profiles feature's
// photos, the chat feature's reports) and the audit log, each change in one transaction.
export async function moderationFeature(app: FastifyInstance, services: Services) {
  moderationRoutes(app, services);
  services.jobs.work('mail.banned', (job) => sendBanMail(services, job));
}
