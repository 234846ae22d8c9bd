import type { Db } from '@server/db/database';

// The one writer of `push_subscriptions` (spec §7, issue 31 item 4).

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Attaches a browser's subscription to the member; a browser re-subscribing moves it. */
export async function savePushSubscription(
  db: Db,
  memberId: number,
  subscription: PushSubscriptionKeys,
  now = new Date(),
): Promise<void> {
  const values = { member_id: memberId, ...subscription, created_at: now.toISOString() };
  await db
    .insertInto('push_subscriptions')
    .values(values)
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(values))
    .execute();
}

export async function pushSubscriptionsOf(db: Db, memberId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** The push service answered 404 or 410: the subscription is gone for good. */
export async function removePushSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
