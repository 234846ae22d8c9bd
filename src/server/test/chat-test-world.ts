import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { MemberRow } from '@server/db/schema';
import { type MemberOptions, createMember, createPhoto } from '@server/test/factories';
import type { TestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

/** Test helpers for the chat feature's integration tests (real app, real database). */
export const PASSWORD = 'correct horse battery';

export const newClientKey = () => randomBytes(12).toString('base64url');

export function chatWorld(app: () => TestApp) {
  const db = () => app().database.db;

  /** A member with a main photo and, unless told otherwise, 100 credits. */
  async function member(options: MemberOptions & { photo?: boolean } = {}) {
    const { photo = true, ...columns } = options;
    const row = await createMember(db(), columns.site_id ?? app().siteId, {
      credits: 100,
      ...columns,
    });
    if (photo) await createPhoto(db(), row.id);
    return row;
  }

  async function loggedIn(row: MemberRow) {
    const client = new TestClient(app().app);
    const login = await client.post('/api/user.php', { email: row.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    return client;
  }

  const sendText = (client: TestClient, to: number, text: string, clientKey = newClientKey()) =>
    client.post('/api/chat-message.php', { kind: 'text', to, client_key: clientKey, text });

  /** Sends a text and expects it stored; answers the stored message. */
  async function sent(client: TestClient, to: number, text: string) {
    const response = await sendText(client, to, text);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().message as { id: number; conversation_id: number };
  }

  const block = (blockerId: number, blockedId: number) =>
    db()
      .insertInto('blocks')
      .values({
        blocker_id: blockerId,
        blocked_id: blockedId,
        created_at: new Date().toISOString(),
      })
      .execute();

  const creditsOf = async (memberId: number) =>
    (
      await db()
        .selectFrom('members')
        .select('credits')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).credits;

  const messagesFrom = (senderId: number) =>
    db()
      .selectFrom('messages')
      .selectAll()
      .where('sender_id', '=', senderId)
      .orderBy('id')
      .execute();

  const ledgerOf = (memberId: number) =>
    db()
      .selectFrom('credit_transactions')
      .select(['amount', 'reason', 'idempotency_key'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();

  return { db, member, loggedIn, sendText, sent, block, creditsOf, messagesFrom, ledgerOf };
}
