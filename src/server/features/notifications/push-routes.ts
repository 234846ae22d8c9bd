import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '@contract/endpoints/notifications';
import { invalidFields } from '@server/errors/app-error';
import { registerEndpoint } from '@server/http/register-endpoint';
import type { Services } from '@server/services';
import { isAcceptablePushEndpoint } from './push-endpoint-check';
import { savePushSubscription } from './push-subscriptions-table';

export function pushRoutes(app: FastifyInstance, { db, config }: Services) {
  // spec §7 POST /api/user.php?push=1 {subscription}: attaches it to the logged-in member;
  // it never logs anyone in (the same path without ?push=1 does).
  registerEndpoint(app, notificationsApi.subscribePush, async ({ member, body }) => {
    const { endpoint, keys } = body.subscription;
    if (!(await isAcceptablePushEndpoint(endpoint, config)))
      throw invalidFields({ 'subscription.endpoint': 'invalid_value' });
    await savePushSubscription(db, member.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    return { ok: true as const };
  });
}
