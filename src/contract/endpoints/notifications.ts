import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { notificationsRoutes } from '@contract/api-routes/notifications';
import {
  notificationSettingsChangeSchema,
  notificationSettingsSchema,
  pushQuerySchema,
  pushSubscriptionRequestSchema,
} from '@contract/notifications';

/** Notifications (issue 31 items 4 and 5; spec §2 notifications page, §3, §7, §8). */
export const notificationsApi = {
  settings: defineEndpoint({
    ...notificationsRoutes.settings,
    answer: notificationSettingsSchema,
    errors: [],
    access: 'member',
  }),
  changeSettings: defineEndpoint({
    ...notificationsRoutes.changeSettings,
    body: notificationSettingsChangeSchema,
    answer: notificationSettingsSchema,
    errors: [],
    access: 'member',
  }),
  /** spec §7 POST /api/user.php?push=1 {subscription}: attaches it, no login. */
  subscribePush: defineEndpoint({
    ...notificationsRoutes.subscribePush,
    query: pushQuerySchema,
    queryFlag: 'push',
    body: pushSubscriptionRequestSchema,
    answer: okAnswerSchema,
    errors: [],
    access: 'member',
  }),
};
