import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { notificationKeysOnce } from './notification-keys';
import { preferencesRoutes } from './preferences-routes';
import { listenForPushes } from './push-listeners';
import { runPushJob } from './push-job';
import { pushRoutes } from './push-routes';
import { runLikeMail, sweepLikeMails } from './like-mails';
import { siteOrigin } from './notification-mail-sender';
import { runSpendingSummary, sweepSpendingSummaries } from './spending-summary-mail';
import { runUnreadReminder, scheduleUnreadReminder } from './unread-reminder';
import { unsubscribeRoutes } from './unsubscribe-routes';
import { runWeeklyUpdate, sweepWeeklyUpdates } from './weekly-update';
import { findSiteById } from '@server/features/sites';
import { tellPushPublicKey } from '@server/features/settings';

// Notifications (issue 31 items 4 and 5, docs/notifications.md): the kinds of §3 per member
// and channel, web push and e-mail by kind. It listens to domain events; no feature calls it.
export { wants } from './preferences-table';

export async function notificationsFeature(app: FastifyInstance, services: Services) {
  const keys = notificationKeysOnce(services.db, services.config);
  // Generated (or read) before the first request, so the settings answer carries the key.
  tellPushPublicKey(services.db, (await keys()).vapidPublicKey);
  preferencesRoutes(app, services);
  pushRoutes(app, services);
  // The mail systems' routes in a plugin of their own: only they accept form bodies.
  await app.register(unsubscribeRoutes, { services, keys });
  listenForPushes(services);
  services.jobs.work('notifications.push', (job) => runPushJob(services, keys, job));
  services.domainEvents.on('message.sent', async ({ siteId, recipientId }) => {
    const site = await findSiteById(services.db, siteId);
    if (site) await scheduleUnreadReminder(services, recipientId, siteOrigin(site.domain));
  });
  services.jobs.work('notifications.unread-reminder', (job) =>
    runUnreadReminder(services, keys, job),
  );
  // The batched mails: hourly sweeps, once per deployment, each enqueuing one job per member
  // (docs/notifications.md "E-mail by kind"); the jobs look again under the member's lock.
  services.jobs.work('notifications.like-mails', async () => {
    await sweepLikeMails(services);
  });
  services.jobs.work('notifications.like-mail', (job) => runLikeMail(services, keys, job));
  services.jobs.schedule('notifications.like-mails', '0 * * * *', {});
  services.jobs.work('notifications.weekly-updates', async () => {
    await sweepWeeklyUpdates(services);
  });
  services.jobs.work('notifications.weekly-update', (job) => runWeeklyUpdate(services, keys, job));
  services.jobs.schedule('notifications.weekly-updates', '0 * * * *', {});
  services.jobs.work('notifications.spending-summaries', async () => {
    await sweepSpendingSummaries(services);
  });
  services.jobs.work('notifications.spending-summary', (job) =>
    runSpendingSummary(services, keys, job),
  );
  services.jobs.schedule('notifications.spending-summaries', '0 * * * *', {});
}
