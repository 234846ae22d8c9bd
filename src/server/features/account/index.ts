import type { FastifyInstance } from 'fastify';
import type { Services } from '@server/services';
import { accountDeletionRoutes } from './account-deletion-routes';
import { eraseDueAccounts } from './account-erasure';
import { completeSignupRoutes } from './complete-signup-routes';
import { credentialsRoutes } from './credentials-routes';

// The account feature: the member's own account once signed up (spec §2 settings,
// complete-signup, signup-matches).
export async function accountFeature(app: FastifyInstance, services: Services) {
  completeSignupRoutes(app, services);
  credentialsRoutes(app, services);
  accountDeletionRoutes(app, services);
  // Deleted accounts past their 14 days are erased (issue 31 item 7): hourly, once per
  // deployment; a run that fails is retried, and each erasure is idempotent.
  services.jobs.work('accounts.erase', async () => {
    await eraseDueAccounts({
      db: services.db,
      storage: services.storage,
      provider: services.payments.provider,
    });
  });
  services.jobs.schedule('accounts.erase', '0 * * * *', {});
}

declare module '@server/jobs' {
  interface JobPayloads {
    'accounts.erase': Record<string, never>;
  }
}
