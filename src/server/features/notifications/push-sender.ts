import webpush from 'web-push';
import type { PushPayload } from '@contract/notifications';
import type { Config } from '@server/config';
import type { Db } from '@server/db/database';
import type { NotificationKeys } from './notification-keys';
import { isAcceptablePushEndpoint } from './push-endpoint-check';
import { pushSubscriptionsOf, removePushSubscription } from './push-subscriptions-table';

/** How long a push service keeps an undelivered message (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends one payload to each of the member's subscriptions (RFC 8291 encryption and VAPID by
 * `web-push`; the request is ours, so the endpoint check runs right before it). A push
 * service answering 404 or 410 says the subscription is gone: it is removed. Another failure
 * throws, so the job is tried again.
 */
export async function pushToMember(
  deps: { db: Db; config: Config; keys: NotificationKeys },
  memberId: number,
  payload: PushPayload,
): Promise<number> {
  const { db, config, keys } = deps;
  let delivered = 0;
  const failures: string[] = [];
  for (const subscription of await pushSubscriptionsOf(db, memberId)) {
    if (!(await isAcceptablePushEndpoint(subscription.endpoint, config))) {
      await removePushSubscription(db, subscription.id);
      continue;
    }
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(payload),
      {
        TTL: PUSH_TTL_SECONDS,
        vapidDetails: {
          subject: config.VAPID_SUBJECT,
          publicKey: keys.vapidPublicKey,
          privateKey: keys.vapidPrivateKey,
        },
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410)
      await removePushSubscription(db, subscription.id);
    else if (response.ok) delivered += 1;
    else failures.push(`${response.status}`);
  }
  if (failures.length > 0) throw new Error(`push service answered ${failures.join(', ')}`);
  return delivered;
}
