import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSite } from '@server/seed/demo-site';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import { chatWorld } from '@server/test/chat-test-world';
import { REPORT_EXCERPT_SIZE } from './report-service';

// Reports of a member or one of their messages, for the operator console (issue 9 §5).
let t: TestApp;
let otherSiteId: number;
const world = chatWorld(() => t);
const { db, member, loggedIn, sent, block } = world;

beforeAll(async () => {
  t = await createTestApp();
  otherSiteId = (await seedDemoSite(db(), 'other-site.example', [])).siteId;
  await updateSiteSettings(t, {
    chat: { free_conversations: 2, history_limit: 1000, messages_per_minute: 600 },
  });
});
afterAll(() => t.close());

const reportsBy = (reporterId: number) =>
  db().selectFrom('reports').selectAll().where('reporter_id', '=', reporterId).execute();

describe('POST /api/report.php', () => {
  it('stores a message report with the latest messages of the conversation, once while open', async () => {
    const [anna, bea] = [
      await member({ paid_user: 1, credits: 1000 }),
      await member({ paid_user: 1, credits: 1000 }),
    ];
    const [annaClient, beaClient] = [await loggedIn(anna), await loggedIn(bea)];
    for (let i = 0; i < REPORT_EXCERPT_SIZE + 2; i += 1)
      await sent(annaClient, bea.id, `Line ${i}`);
    const offending = await sent(annaClient, bea.id, 'Something nasty');
    await sent(beaClient, anna.id, 'Stop that');

    const report = {
      member: anna.id,
      message: offending.id,
      reason: 'offensive',
      note: ' Keeps insisting ',
    };
    for (let i = 0; i < 2; i += 1) {
      const response = await beaClient.post('/api/report.php', report);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    const [stored, ...more] = await reportsBy(bea.id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      reported_id: anna.id,
      message_id: offending.id,
      reason: 'offensive',
      note: 'Keeps insisting',
      status: 'open',
    });
    const excerpt = JSON.parse(stored!.excerpt_json) as Array<{ text: string; sender_id: number }>;
    expect(excerpt).toHaveLength(REPORT_EXCERPT_SIZE);
    expect(excerpt.at(-1)).toMatchObject({ text: 'Stop that', sender_id: bea.id });
    expect(excerpt.at(-2)).toMatchObject({ text: 'Something nasty', sender_id: anna.id });

    // A report of the member alone is another report.
    await beaClient.post('/api/report.php', { member: anna.id, reason: 'spam' });
    expect(await reportsBy(bea.id)).toHaveLength(2);
  });

  // An answer that differed for unknown ids told them apart from invisible members.
  it('answers every report alike (unknown, invisible, disabled, blocked, other site), storing only real ones', async () => {
    const reporter = await member({ paid_user: 1 });
    const client = await loggedIn(reporter);
    const [invisible, disabled, blockedByReporter, blockerOfReporter] = [
      await member({ is_invisible: 1 }),
      await member({ profile_status: 'disabled' }),
      await member(),
      await member(),
    ];
    await block(reporter.id, blockedByReporter.id);
    await block(blockerOfReporter.id, reporter.id);
    const real = [invisible, disabled, blockedByReporter, blockerOfReporter].map((row) => row.id);
    const nothingToStore = [2_000_000_000, (await member({ site_id: otherSiteId })).id];
    const answers = [];
    for (const id of [...real, ...nothingToStore]) {
      const response = await client.post('/api/report.php', { member: id, reason: 'spam' });
      answers.push([response.statusCode, response.body]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify([200, '{"ok":true}'])]),
    );
    const stored = await reportsBy(reporter.id);
    expect(stored.map((report) => report.reported_id).sort()).toEqual([...real].sort());
    // Oneself: refused, which tells nothing about anyone else.
    const self = await client.post('/api/report.php', { member: reporter.id, reason: 'spam' });
    expect(self.statusCode).toBe(404);
  });

  it('answers ok but stores nothing for a message that is not from the reported member to the reporter', async () => {
    const [anna, bea, carl] = [
      await member({ paid_user: 1 }),
      await member({ paid_user: 1 }),
      await member(),
    ];
    const toCarl = await sent(await loggedIn(anna), carl.id, 'Only for Carl');
    const own = await sent(await loggedIn(bea), anna.id, 'Bea wrote this');
    const beaClient = await loggedIn(bea);
    for (const body of [
      { member: anna.id, message: toCarl.id, reason: 'spam' },
      { member: anna.id, message: own.id, reason: 'spam' },
      { member: anna.id, message: 2_000_000_000, reason: 'spam' },
    ]) {
      const response = await beaClient.post('/api/report.php', body);
      expect(response.json(), JSON.stringify(body)).toEqual({ ok: true });
    }
    expect(await reportsBy(bea.id)).toEqual([]);
  });

  it('lets a member report someone they blocked', async () => {
    const [anna, bea] = [await member({ paid_user: 1 }), await member()];
    const message = await sent(await loggedIn(anna), bea.id, 'Unwanted');
    await block(bea.id, anna.id);
    const response = await (
      await loggedIn(bea)
    ).post('/api/report.php', {
      member: anna.id,
      message: message.id,
      reason: 'unwanted_photo',
    });
    expect(response.statusCode).toBe(200);
    expect(await reportsBy(bea.id)).toHaveLength(1);
  });
});
