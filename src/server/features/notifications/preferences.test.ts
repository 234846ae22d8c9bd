import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@contract/notifications';
import { disableMemberEmail } from '@server/db/members-table';
import { createMember } from '@server/test/factories';
import { loggedInClient } from '@server/test/logged-in-client';
import { type TestApp, createTestApp } from '@server/test/test-app';

// Issue 31 item 5, spec §3 (the seven kinds), §8 (why e-mail is disabled).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));

describe('notification preferences', () => {
  it('has every kind of §3 on by default, for e-mail and push', async () => {
    const client = await loggedInClient(t.app, await createMember(t.database.db, t.siteId));
    expect((await client.get('/api/notifications.php')).json()).toEqual({
      mail: allOn,
      push: allOn,
      email_disabled: [],
    });
  });

  it('changes the kinds named per channel and keeps the others', async () => {
    const client = await loggedInClient(t.app, await createMember(t.database.db, t.siteId));
    await client.put('/api/notifications.php', { mail: { promotions: false, news: false } });
    const answer = await client.put('/api/notifications.php', {
      push: { likes: false },
      mail: { news: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      mail: { ...allOn, promotions: false },
      push: { ...allOn, likes: false },
      email_disabled: [],
    });
    expect((await client.get('/api/notifications.php')).json()).toEqual(answer.json());
  });

  it('refuses an unknown kind or channel and changes nothing', async () => {
    const client = await loggedInClient(t.app, await createMember(t.database.db, t.siteId));
    for (const body of [
      { mail: { spam: false } },
      { sms: { news: false } },
      { mail: { news: 'no' } },
      { resume_email: false },
    ]) {
      const answer = await client.put('/api/notifications.php', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get('/api/notifications.php')).json().mail).toEqual(allOn);
  });

  it('shows why e-mail is disabled, in the user record too, until the member turns it back on', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = await loggedInClient(t.app, member);
    await t.database.db.transaction().execute(async (trx) => {
      await disableMemberEmail(trx, member.id, 'bounce');
      await disableMemberEmail(trx, member.id, 'bounce');
    });
    expect((await client.get('/api/notifications.php')).json().email_disabled).toEqual(['bounce']);
    expect((await client.get('/api/user.php')).json().user.notifications_disabled).toEqual([
      'bounce',
    ]);
    const resumed = await client.put('/api/notifications.php', { resume_email: true });
    expect(resumed.json().email_disabled).toEqual([]);
    expect((await client.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });
});
