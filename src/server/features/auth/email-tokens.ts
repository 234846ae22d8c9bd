import type { Db } from '@server/db/database';
import type { EmailTokenPurpose } from '@server/db/schema';
import { hashToken, newToken } from './tokens';

// How long each kind of link is valid. spec §2/issue: reset links at most 30 minutes.
export const TOKEN_LIFETIME_MINUTES: Record<EmailTokenPurpose, number> = {
  activation: 7 * 24 * 60,
  reset: 30,
  mail_change: 24 * 60,
};

export async function createEmailToken(
  db: Db,
  memberId: number,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      purpose,
      new_email: newEmail,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a link once: marks it used in the same statement that checks it is unused and
 * unexpired, so two clicks at the same moment cannot both succeed.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
) {
  return db
    .updateTable('email_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(['member_id', 'new_email'])
    .executeTakeFirst();
}

/** Voids every open link of a kind (after a reset, older reset links must stop working). */
export async function voidEmailTokens(db: Db, memberId: number, purpose: EmailTokenPurpose) {
  await db
    .updateTable('email_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('member_id', '=', memberId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
