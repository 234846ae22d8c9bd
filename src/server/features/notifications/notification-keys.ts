import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { Config } from '@server/config';
import type { Db } from '@server/db/database';

export interface NotificationKeys {
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** Signs the unsubscribe links of notification mails. */
  linkSecret: string;
}

/**
 * This installation's push (VAPID) keys and link secret (issue 31 item 4): generated on the
 * first start and kept in the database, so every instance and every restart signs with the
 * same keys (a new pair would orphan every subscription). VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, when configured, stand in for the stored pair.
 */
export async function loadNotificationKeys(db: Db, config: Config): Promise<NotificationKeys> {
  const generated = webpush.generateVAPIDKeys();
  await db
    .insertInto('notification_keys')
    .values({
      id: 1,
      vapid_public_key: generated.publicKey,
      vapid_private_key: generated.privateKey,
      link_secret: randomBytes(32).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    // Two instances starting at once: the first insert stands, both read it.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('notification_keys')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const configured = config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY;
  return {
    vapidPublicKey: configured ? config.VAPID_PUBLIC_KEY! : row.vapid_public_key,
    vapidPrivateKey: configured ? config.VAPID_PRIVATE_KEY! : row.vapid_private_key,
    linkSecret: row.link_secret,
  };
}

/** The keys read once, on first use (services are built before the database is migrated). */
export function notificationKeysOnce(db: Db, config: Config): () => Promise<NotificationKeys> {
  let loading: Promise<NotificationKeys> | undefined;
  return () => {
    loading ??= loadNotificationKeys(db, config).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
