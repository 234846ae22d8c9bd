import { randomBytes } from 'node:crypto';
import type { Db } from '@server/db/database';

/**
 * A server secret generated once and kept in the database, so every instance of one
 * installation shares it without configuration.
 */
export async function appSecret(db: Db, name: string): Promise<string> {
  const existing = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
