import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket, cookieHeaderOf, listenForSockets } from '@server/test/socket-client';
import { createTestStaff, staffClient } from '@server/test/staff-actors';
import { type TestApp, createTestApp, updateSiteSettings } from '@server/test/test-app';
import type { TestClient } from '@server/test/test-client';
import { chatWorld, newClientKey } from '@server/test/chat-test-world';

// Issue 30 item 3: the fictional-profile inbox, over the real app and database (SQLite, or
// PostgreSQL with DATABASE_URL): queue, atomic claims, answers as the profile through chat's
// send path, what the operator sees, notes and figures.
let t: TestApp;
let url: string;
let origin: string;
const world = chatWorld(() => t);
const { member, loggedIn, sent, db } = world;

beforeAll(async () => {
  t = await createTestApp();
  await updateSiteSettings(t, {
    chat: { free_conversations: 5, history_limit: 1000, messages_per_minute: 600 },
  });
  ({ url, origin } = await listenForSockets(t.app));
});
afterAll(() => t.close());

async function operators(count: number, languages: string[] = []) {
  const browsers: TestClient[] = [];
  const staff = [];
  for (let i = 0; i < count; i += 1) {
    const created = await createTestStaff(t, 'operator', { languages, name: `Operator ${i}` });
    staff.push(created);
    browsers.push(await staffClient(t, created));
  }
  return { browsers, staff };
}

/** A member who wrote `text` to a new fictional profile: the conversation waits. */
async function waitingConversation(text = 'Hi there, are you real?', language = 'en') {
  const profile = await member({ is_fictional: 1, gender: 'female', seeking: 'male' });
  const writer = await member({ gender: 'male', seeking: 'female', language, credits: 100 });
  const client = await loggedIn(writer);
  const message = await sent(client, profile.id, text);
  return { profile, writer, client, conversation: message.conversation_id };
}

const queueOf = async (operator: TestClient) =>
  (await operator.get('/api/admin/inbox.php')).json().entries as Array<{
    conversation: number;
    waiting_count: number;
    claim: { mine: boolean; staff_name: string } | null;
  }>;

const answer = (operator: TestClient, conversation: number, text: string, key = newClientKey()) =>
  operator.post('/api/admin/inbox-answer.php', { conversation, client_key: key, text });

describe('the fictional-profile inbox (issue 30 item 3)', () => {
  it('queues a member waiting for a fictional profile, oldest first, never a real pair', async () => {
    const {
      browsers: [operator],
    } = await operators(1);
    const first = await waitingConversation('First');
    const second = await waitingConversation('Second');
    // Two real members: never in the queue.
    const [anna, bea] = [await member({ paid_user: 1 }), await member({ paid_user: 1 })];
    const real = await sent(await loggedIn(anna), bea.id, 'Between real members');
    const ids = (await queueOf(operator!)).map((entry) => entry.conversation);
    expect(ids.indexOf(first.conversation)).toBeLessThan(ids.indexOf(second.conversation));
    expect(ids).not.toContain(real.conversation_id);
    const claim = await operator!.post('/api/admin/inbox-claim.php', {
      conversation: real.conversation_id,
    });
    expect(claim.statusCode).toBe(404);
  });

  it('gives a conversation to one of two operators claiming at once', async () => {
    const { browsers } = await operators(2);
    const { conversation } = await waitingConversation();
    const answers = await Promise.all(
      browsers.map((operator) => operator.post('/api/admin/inbox-claim.php', { conversation })),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((response) => response.statusCode === 409)!;
    expect(loser.json()).toEqual({ error: 'conversation_claimed' });
    // Visible to the other, surviving a reload (it is in the database).
    const winnerIndex = answers.findIndex((response) => response.statusCode === 200);
    const other = browsers[1 - winnerIndex]!;
    const entry = (await queueOf(other)).find((item) => item.conversation === conversation)!;
    expect(entry.claim).toMatchObject({ mine: false, staff_name: `Operator ${winnerIndex}` });
    const claims = await db().selectFrom('operator_claims').selectAll().execute();
    expect(claims.filter((claim) => claim.conversation_id === conversation)).toHaveLength(1);
  });

  it('answers as the profile: free, live to the member, claim released, waiting answered', async () => {
    const {
      browsers: [holder, other],
      staff: [holderStaff],
    } = await operators(2);
    const { profile, writer, client, conversation } = await waitingConversation('Hello you');
    const creditsBefore = await world.creditsOf(profile.id);
    const socket = await TestSocket.open(url, { cookie: cookieHeaderOf(client), origin });
    await socket.resume(0);

    // No claim, no answer.
    const unclaimed = await answer(holder!, conversation, 'Too soon');
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json()).toEqual({ error: 'claim_required' });
    expect((await holder!.post('/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(
      200,
    );
    // Another operator's answer is refused while the claim lives.
    expect((await answer(other!, conversation, 'Not mine')).json()).toEqual({
      error: 'claim_required',
    });

    const key = newClientKey();
    const answered = await answer(holder!, conversation, 'Hi! Yes, I am here.', key);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().message).toMatchObject({ from: 'profile', text: 'Hi! Yes, I am here.' });
    // A retry with the same key answers the same message, stores nothing more.
    const retry = await answer(holder!, conversation, 'Hi! Yes, I am here.', key);
    expect(retry.json().message.id).toBe(answered.json().message.id);

    await socket.until(() =>
      socket.frames.some(
        (frame) =>
          'event' in frame &&
          frame.event.type === 'message.new' &&
          frame.event.message.text === 'Hi! Yes, I am here.',
      ),
    );
    const delivered = JSON.stringify(socket.frames);
    // Who wrote it is never shown to the member.
    expect(delivered).not.toContain('staff');
    expect(delivered).not.toContain(holderStaff!.staff.name);
    socket.socket.close();

    const stored = await db()
      .selectFrom('messages')
      .select(['sender_id', 'operator_state', 'credits_spent', 'text'])
      .where('conversation_id', '=', conversation)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      {
        sender_id: writer.id,
        operator_state: 'answered',
        credits_spent: expect.any(Number),
        text: 'Hello you',
      },
      {
        sender_id: profile.id,
        operator_state: null,
        credits_spent: 0,
        text: 'Hi! Yes, I am here.',
      },
    ]);
    expect(await world.creditsOf(profile.id)).toBe(creditsBefore);
    const record = await db()
      .selectFrom('operator_answers')
      .selectAll()
      .where('message_id', '=', answered.json().message.id)
      .executeTakeFirstOrThrow();
    expect(record.staff_id).toBe(holderStaff!.staff.id);
    const audit = await db()
      .selectFrom('staff_audit')
      .select(['staff_id', 'action'])
      .where('subject', '=', `conversation:${conversation}`)
      .execute();
    expect(audit).toEqual([{ staff_id: holderStaff!.staff.id, action: 'chat.operator_answer' }]);
    expect((await queueOf(holder!)).map((entry) => entry.conversation)).not.toContain(conversation);
    expect(
      await db()
        .selectFrom('operator_claims')
        .selectAll()
        .where('conversation_id', '=', conversation)
        .execute(),
    ).toEqual([]);

    // The profile never writes first: with nothing waiting there is nothing to claim or send.
    const again = await holder!.post('/api/admin/inbox-claim.php', { conversation });
    expect(again.json()).toEqual({ error: 'nothing_waiting' });
    expect((await answer(holder!, conversation, 'Second answer')).json()).toEqual({
      error: 'claim_required',
    });
  });

  it('lets another operator take a claim that lapsed', async () => {
    const { browsers } = await operators(2);
    const { conversation } = await waitingConversation();
    expect(
      (await browsers[0]!.post('/api/admin/inbox-claim.php', { conversation })).statusCode,
    ).toBe(200);
    expect(
      (await browsers[1]!.post('/api/admin/inbox-claim.php', { conversation })).statusCode,
    ).toBe(409);
    // Time passes: the claim's idle minutes are over.
    await db()
      .updateTable('operator_claims')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('conversation_id', '=', conversation)
      .execute();
    expect(
      (await browsers[1]!.post('/api/admin/inbox-claim.php', { conversation })).statusCode,
    ).toBe(200);
    expect((await answer(browsers[0]!, conversation, 'Late')).json()).toEqual({
      error: 'claim_required',
    });
    expect((await answer(browsers[1]!, conversation, 'On time')).statusCode).toBe(200);
  });

  it("shows the member's public profile only, the fact sheet and shared notes", async () => {
    const {
      browsers: [first, second],
    } = await operators(2);
    const { writer, profile, conversation } = await waitingConversation('About me');
    const view = await first!.get(`/api/admin/inbox-conversation.php?conversation=${conversation}`);
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body.member).toMatchObject({ id: writer.id, name: writer.name, language: 'en' });
    expect(body.profile).toMatchObject({ id: profile.id, name: profile.name });
    expect(body.messages).toEqual([
      expect.objectContaining({ from: 'member', text: 'About me', waiting: true }),
    ]);
    for (const secret of [writer.email, writer.date_of_birth, '"ip"', 'payment'])
      expect(view.body).not.toContain(secret);

    const note = await first!.put('/api/admin/inbox-note.php', {
      conversation,
      text: 'Likes sailing; told him she lives near Utrecht.',
    });
    expect(note.statusCode).toBe(200);
    const seen = (
      await second!.get(`/api/admin/inbox-conversation.php?conversation=${conversation}`)
    ).json();
    expect(seen.note).toMatchObject({
      text: 'Likes sailing; told him she lives near Utrecht.',
      updated_by: 'Operator 0',
    });
  });

  it('keeps an operator to their languages', async () => {
    const {
      browsers: [germanOnly],
    } = await operators(1, ['de']);
    const { conversation } = await waitingConversation('In English', 'en');
    expect((await queueOf(germanOnly!)).map((entry) => entry.conversation)).not.toContain(
      conversation,
    );
    expect(
      (await germanOnly!.post('/api/admin/inbox-claim.php', { conversation })).statusCode,
    ).toBe(404);
    const german = await waitingConversation('Auf Deutsch', 'de');
    expect((await queueOf(germanOnly!)).map((entry) => entry.conversation)).toContain(
      german.conversation,
    );
  });

  it('counts the figures: waiting, median and p90 answer time, answers per operator', async () => {
    const owner = await staffClient(t, await createTestStaff(t, 'owner'));
    const {
      browsers: [operator],
    } = await operators(1);
    const { conversation } = await waitingConversation();
    await operator!.post('/api/admin/inbox-claim.php', { conversation });
    expect((await answer(operator!, conversation, 'Quick answer')).statusCode).toBe(200);
    const figures = (await owner.get('/api/admin/inbox-figures.php?days=7')).json();
    expect(figures.answers).toBeGreaterThanOrEqual(1);
    expect(figures.median_answer_seconds).toEqual(expect.any(Number));
    expect(figures.p90_answer_seconds).toBeGreaterThanOrEqual(figures.median_answer_seconds);
    expect(figures.per_operator).toContainEqual(
      expect.objectContaining({ name: 'Operator 0', answers: 1 }),
    );
    expect(figures.waiting).toBeGreaterThan(0);
    // Operators do not read the figures.
    expect((await operator!.get('/api/admin/inbox-figures.php')).statusCode).toBe(403);
  });
});
