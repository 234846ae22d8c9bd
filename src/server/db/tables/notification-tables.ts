import type { Generated } from 'kysely';

// The notifications' tables (migration 0037-notifications), intersected into db/schema.ts.
// Only features/notifications writes them.

export interface NotificationKeysTable {
  id: number;
  vapid_public_key: string;
  vapid_private_key: string;
  link_secret: string;
  created_at: string;
}

export interface NotificationPreferencesTable {
  member_id: number;
  /** JSON list of the kinds whose e-mail is off. */
  email_off_json: Generated<string>;
  /** JSON list of the kinds whose push is off. */
  push_off_json: Generated<string>;
  updated_at: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface NotificationMailsTable {
  token_id: string;
  member_id: number;
  kind: string;
  sent_at: string;
  used_at: string | null;
}

export interface NotificationTables {
  notification_keys: NotificationKeysTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_mails: NotificationMailsTable;
}
