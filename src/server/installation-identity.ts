import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';

/**
 * This installation's identity (issue 29 item 10): INSTALLATION_ID when configured, else one
 * generated on the first start and kept in the database, so every instance of the
 * installation (and every restart) uses the same. It goes into what a shared outside
 * account keeps for us (Mollie's idempotency keys and metadata), so two installations
 * sharing a Mollie account never answer, or take, each other's payments.
 */
export async function loadInstallationId(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('installation_identity')
    .values({
      id: 1,
      installation_id: `inst_${randomBytes(9).toString('base64url')}`,
      created_at: new Date().toISOString(),
    })
    // Two instances starting at once: the first insert stands, both read it.
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('installation_identity')
    .select('installation_id')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.installation_id;
}

/** The identity read once, on first use (services are built before the database is asked). */
export function installationIdOnce(db: Db, configured?: string): () => Promise<string> {
  let loading: Promise<string> | undefined;
  return () => {
    loading ??= loadInstallationId(db, configured).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
