import { typedRoutes } from '@contract/endpoint';
import type { moderationApi as ModerationApi } from '@contract/endpoints/moderation';
import type { fictionalProfilesApi as FictionalProfilesApi } from '@contract/endpoints/fictional-profiles';
import type { operatorInboxApi as OperatorInboxApi } from '@contract/endpoints/operator-inbox';
import type { sitesApi as SitesApi } from '@contract/endpoints/sites';
import type { staffApi as StaffApi } from '@contract/endpoints/staff';
import { moderationRoutes } from '@contract/api-routes/moderation';
import { fictionalProfilesRoutes } from '@contract/api-routes/fictional-profiles';
import { operatorInboxRoutes } from '@contract/api-routes/operator-inbox';
import { sitesRoutes } from '@contract/api-routes/sites';
import { staffRoutes } from '@contract/api-routes/staff';

// The console's endpoints (issue 30), typed from the contract like @web/api/endpoints but
// kept in the console's own chunk: no member's first load carries them.
export const staffApi = typedRoutes<typeof StaffApi>(staffRoutes);
export const inboxApi = typedRoutes<typeof OperatorInboxApi>(operatorInboxRoutes);
export const moderationApi = typedRoutes<typeof ModerationApi>(moderationRoutes);
export const sitesAdminApi = typedRoutes<typeof SitesApi>(sitesRoutes);
export const fictionalApi = typedRoutes<typeof FictionalProfilesApi>(fictionalProfilesRoutes);
