import { type MemberOptions, createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import type { TestApp } from '@server/test/test-app';

/** An old signup: neither the time bonus nor the welcome discount applies, so prices are list prices. */
const OLD_SIGNUP = '2024-01-01T00:00:00.000Z';

/**
 * What the payment tests share: a logged-in member and a look at their balance and ledger,
 * over the test app `app()` gives (created in the test file's beforeAll).
 */
export function paymentsWorld(app: () => TestApp) {
  const db = () => app().database.db;
  return {
    db,
    async loggedIn(options: MemberOptions = {}) {
      const t = app();
      const member = await createMember(db(), t.siteId, { created_at: OLD_SIGNUP, ...options });
      return { member, client: await loggedInClient(t.app, member, options.password) };
    },
    memberRow: (id: number) =>
      db()
        .selectFrom('members')
        .select(['credits', 'paid_user'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ledger: (id: number) =>
      db()
        .selectFrom('credit_transactions')
        .select(['amount', 'idempotency_key'])
        .where('member_id', '=', id)
        .orderBy('id')
        .execute(),
  };
}
