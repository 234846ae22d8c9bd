import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@contract/moderation';
import { chatWorld } from '@server/test/chat-test-world';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';

// Issue 30 item 5: reported messages and members in the console, with the conversation
// around the reported message; resolved by dismissing or by banning the reported member.
let t: TestApp;
let staff: TestClient;
const world = chatWorld(() => t);
const { db, member, loggedIn, sent } = world;

beforeAll(async () => {
  t = await createTestApp();
  await updateSiteSettings(t, {
    chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 600 },
  });
  staff = await staffClient(t, await createTestStaff(t, 'moderator', { sites: [t.siteId] }));
});
afterAll(() => t.close());

/** Anna writes Bea 12 lines with one nasty one in the middle; Bea reports it. */
async function reportedConversation() {
  const [anna, bea] = [
    await member({ paid_user: 1, credits: 1000 }),
    await member({ paid_user: 1, credits: 1000 }),
  ];
  const [annaClient, beaClient] = [await loggedIn(anna), await loggedIn(bea)];
  for (let i = 0; i < 8; i += 1) await sent(annaClient, bea.id, `Before ${i}`);
  const nasty = await sent(annaClient, bea.id, 'Something nasty');
  await sent(beaClient, anna.id, 'Stop that');
  for (let i = 0; i < 6; i += 1) await sent(annaClient, bea.id, `After ${i}`);
  const response = await beaClient.post('/api/report.php', {
    member: anna.id,
    message: nasty.id,
    reason: 'offensive',
  });
  expect(response.statusCode).toBe(200);
  const report = await db()
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', bea.id)
    .executeTakeFirstOrThrow();
  return { anna, bea, annaClient, nasty, report: report.id };
}

const openReport = async (id: number) =>
  ((await staff.get('/api/admin/reports.php')).json().reports as Report[]).find(
    (report) => report.id === id,
  );

describe('the reports queue', () => {
  it('shows a reported message with five messages either side, whose is whose', async () => {
    const { anna, bea, nasty, report } = await reportedConversation();
    const listed = (await openReport(report))!;
    expect(listed).toMatchObject({
      reason: 'offensive',
      message_id: nasty.id,
      reporter: { id: bea.id, name: bea.name },
      reported: { id: anna.id, name: anna.name, status: 'active', is_fictional: false },
    });
    expect(listed.excerpt.map((message) => message.text)).toEqual([
      'Before 3',
      'Before 4',
      'Before 5',
      'Before 6',
      'Before 7',
      'Something nasty',
      'Stop that',
      'After 0',
      'After 1',
      'After 2',
      'After 3',
    ]);
    expect(listed.excerpt.filter((message) => message.reported)).toEqual([
      expect.objectContaining({ text: 'Something nasty', from: 'reported' }),
    ]);
    expect(listed.excerpt[6]).toMatchObject({ from: 'reporter' });
    expect(JSON.stringify(listed)).not.toContain(anna.email);
  });

  it('dismisses a report: gone from the queue, audited, a second resolution refused', async () => {
    const { anna, report } = await reportedConversation();
    const response = await staff.post('/api/admin/report-resolution.php', {
      report,
      resolution: 'dismissed',
      note: 'Heated but within the rules',
    });
    expect(response.json()).toEqual({ ok: true });
    expect(await openReport(report)).toBeUndefined();
    const again = await staff.post('/api/admin/report-resolution.php', {
      report,
      resolution: 'banned',
      reason: 'Too late',
    });
    expect(again.json()).toEqual({ error: 'report_already_resolved' });
    const { status } = await db()
      .selectFrom('members')
      .select('status')
      .where('id', '=', anna.id)
      .executeTakeFirstOrThrow();
    expect(status).toBe('active');
    const audit = await db()
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', '=', `report:${report}`)
      .execute();
    expect(audit).toEqual([{ action: 'report.dismissed' }]);
  });

  it('bans from a report: the member is banned and logged out, and the report resolved', async () => {
    const { anna, annaClient, report } = await reportedConversation();
    const response = await staff.post('/api/admin/report-resolution.php', {
      report,
      resolution: 'banned',
      reason: 'Insults members',
    });
    expect(response.json()).toEqual({ ok: true });
    expect((await annaClient.get('/api/user.php')).json()).toEqual({ user: null });
    const row = await db()
      .selectFrom('members')
      .select(['status', 'ban_reason'])
      .where('id', '=', anna.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'banned', ban_reason: 'Insults members' });
    const stored = await db()
      .selectFrom('reports')
      .select(['status', 'resolution'])
      .where('id', '=', report)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'resolved', resolution: 'banned' });
    const audit = await db()
      .selectFrom('staff_audit')
      .select('action')
      .where('subject', 'in', [`report:${report}`, `member:${anna.id}`])
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['report.banned', 'member.banned']);
  });
});
