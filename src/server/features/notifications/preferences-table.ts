import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@contract/notifications';
import type { Db } from '@server/db/database';

// The one writer of `notification_preferences` (issue 31 item 5): per member, the kinds of
// §3 turned off per channel. A member without a row has every kind on.

export type KindFlags = Record<NotificationKind, boolean>;
export interface Preferences {
  mail: KindFlags;
  push: KindFlags;
}

const isKind = (value: unknown): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly unknown[]).includes(value);

function parseKinds(json: string): NotificationKind[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isKind) : [];
  } catch {
    return [];
  }
}

const flagsWithout = (off: readonly NotificationKind[]): KindFlags =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.includes(kind)])) as KindFlags;

export async function readPreferences(db: Db, memberId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['email_off_json', 'push_off_json'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return {
    mail: flagsWithout(row ? parseKinds(row.email_off_json) : []),
    push: flagsWithout(row ? parseKinds(row.push_off_json) : []),
  };
}

/** Whether the member wants `kind` on `channel`. */
export async function wants(
  db: Db,
  memberId: number,
  channel: NotificationChannel,
  kind: NotificationKind,
): Promise<boolean> {
  return (await readPreferences(db, memberId))[channel][kind];
}

/** Sets the kinds named, keeps the others (in the caller's transaction). */
export async function changePreferences(
  trx: Db,
  memberId: number,
  change: { mail?: Partial<KindFlags>; push?: Partial<KindFlags> },
  now = new Date(),
): Promise<void> {
  const current = await readPreferences(trx, memberId);
  const offOf = (flags: KindFlags, changed: Partial<KindFlags> = {}) =>
    JSON.stringify(NOTIFICATION_KINDS.filter((kind) => !(changed[kind] ?? flags[kind])));
  const values = {
    email_off_json: offOf(current.mail, change.mail),
    push_off_json: offOf(current.push, change.push),
    updated_at: now.toISOString(),
  };
  await trx
    .insertInto('notification_preferences')
    .values({ member_id: memberId, ...values })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
    .execute();
}
