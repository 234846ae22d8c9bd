import { okAnswerSchema } from '@contract/account';
import { defineEndpoint } from '@contract/endpoint';
import { notificationsRoutes } from '@contract/api-routes/notifications';
import {
  mailReportsSchema,
  notificationSettingsChangeSchema,
  notificationSettingsSchema,
  pushQuerySchema,
  pushSubscriptionRequestSchema,
  unsubscribeQuerySchema,
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
  /** A mail client opening the List-Unsubscribe link: redirected to the page, nothing changed. */
  unsubscribeLink: defineEndpoint({
    ...notificationsRoutes.unsubscribeLink,
    query: unsubscribeQuerySchema,
    errors: [],
    access: 'anyone',
  }),
  /** RFC 8058 one-click: the mail provider posts `List-Unsubscribe=One-Click`, no cookie. */
  unsubscribeOneClick: defineEndpoint({
    ...notificationsRoutes.unsubscribeOneClick,
    query: unsubscribeQuerySchema,
    answer: okAnswerSchema,
    errors: ['link_invalid'],
    access: 'anyone',
    crossSite: true,
  }),
  /** The mail provider's bounce and complaint reports (docs/notifications.md). */
  mailReports: defineEndpoint({
    ...notificationsRoutes.mailReports,
    body: mailReportsSchema,
    answer: okAnswerSchema,
    errors: ['forbidden'],
    access: 'anyone',
    crossSite: true,
  }),
};
