import type { Db } from '@server/db/database';

// spec §3 "push public key" in settings.php. The notifications feature tells it at its start
// (it owns the keys); settings only reads it, so settings never imports notifications and
// notifications may use the features that read settings (members, payments) without a cycle.
const publicKeys = new WeakMap<Db, string>();

/** Called by the notifications feature once the installation's keys are loaded. */
export function tellPushPublicKey(db: Db, publicKey: string): void {
  publicKeys.set(db, publicKey);
}

/** The key each app (each database) loaded at its start; null before notifications started. */
export function pushPublicKeyOf(db: Db): string | null {
  return publicKeys.get(db) ?? null;
}
