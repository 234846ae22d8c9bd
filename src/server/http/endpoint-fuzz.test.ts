import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@contract/endpoint';
import { ALL_ENDPOINTS } from '@contract/endpoints';
import { ERROR_CODES } from '@contract/errors';
import type { MemberRow } from '@server/db/schema';
import {
  CURSOR_FIELD,
  type InputHints,
  arbitraryInput,
  fieldsOf,
  forgedCursors,
  inputWithFields,
  queryStringOf,
} from '@server/test/arbitrary-input';
import { createMember } from '@server/test/factories';
import { multipartForm } from '@server/test/multipart';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// issue 23 §3: every endpoint of the contract (the list comes from the contract, never by
// hand), fed what a hostile client sends, answers a clear error code and never a 500, on
// SQLite and on PostgreSQL alike. Values come from each endpoint's own schemas.

const PASSWORD = 'correct horse battery';
let t: TestApp;
let member: MemberRow;
let hints: InputHints;

/** A conversation with one message between the member and a partner, so ids reach queries. */
async function createConversation(from: MemberRow, to: MemberRow) {
  const db = t.database.db;
  const at = new Date().toISOString();
  const [low, high] = [from.id, to.id].sort((a, b) => a - b) as [number, number];
  const { id } = await db
    .insertInto('conversations')
    .values({
      site_id: t.siteId,
      member_low_id: low,
      member_high_id: high,
      started_by: from.id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = await db
    .insertInto('messages')
    .values({
      conversation_id: id,
      sender_id: from.id,
      recipient_id: to.id,
      kind: 'text',
      text: 'Hello',
      gift_id: null,
      photo_storage_key: null,
      photo_state: null,
      client_key: `fuzz-${id}-first-message`,
      credits_spent: 0,
      operator_state: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_members')
    .values(
      [
        { member_id: from.id, partner_id: to.id },
        { member_id: to.id, partner_id: from.id },
      ].map((side) => ({
        ...side,
        conversation_id: id,
        last_message_id: message.id,
        last_message_at: at,
      })),
    )
    .execute();
  return { conversationId: id, messageId: message.id };
}

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.database.db, t.siteId, {
    gender: 'male',
    seeking: 'female',
    credits: 500,
  });
  const partner = await createMember(t.database.db, t.siteId, {
    gender: 'female',
    seeking: 'male',
  });
  const { conversationId, messageId } = await createConversation(member, partner);
  hints = {
    knownIds: [member.id, partner.id, conversationId, messageId, t.siteId],
    idsByField: {
      conversation: [conversationId],
      message: [messageId],
      ...Object.fromEntries(
        ['member', 'id', 'to', 'profile'].map((field) => [field, [partner.id]]),
      ),
    },
  };
});
afterAll(() => t.close());

// One browser for the member, kept between requests. A request that logs it out, changes its
// account or signs up someone else in it is followed by a login from a new browser (a new
// address, so the fuzzed logins of the old one do not count against it).
const browser = { client: undefined as TestClient | undefined };
async function memberBrowser(): Promise<TestClient> {
  if (browser.client) {
    const { user } = (await browser.client.get('/api/user.php')).json();
    if (user?.profile?.name === member.name) return browser.client;
  }
  const client = new TestClient(t.app);
  const login = await client.post('/api/user.php', { email: member.email, password: PASSWORD });
  expect(login.statusCode, 'log in as the fuzzing member').toBe(200);
  browser.client = client;
  return client;
}

const countMembers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** One request as the fuzz sends it: the query in the URL, the body as JSON or multipart. */
function requestArbitrary(endpoint: Endpoint) {
  const uploadFields = fc.dictionary(
    fc.string({ maxLength: 12 }).filter((name) => /^[\w-]+$/.test(name)),
    fc.string({ maxLength: 30 }).map((text) => text.replace(/[\r\n"]/g, '')),
    { maxKeys: 3 },
  );
  return fc.record({
    query: endpoint.query ? arbitraryInput(endpoint.query, hints) : fc.constant(undefined),
    body: endpoint.upload
      ? uploadFields
      : endpoint.body
        ? arbitraryInput(endpoint.body, hints)
        : fc.constant(undefined),
    file: fc.uint8Array({ maxLength: 64 }),
    // A visitor may call what anyone may; a member calls everything.
    asMember: endpoint.access === 'member' ? fc.constant(true) : fc.boolean(),
  });
}

// Some endpoints verify a password on every call (login runs one even for unknown addresses):
// forty of them take a while on a busy machine.
const FUZZ_TIMEOUT_MS = 180_000;

describe('fuzzing every endpoint of the contract', { timeout: FUZZ_TIMEOUT_MS }, () => {
  it('covers the whole contract', () => {
    expect(ALL_ENDPOINTS.length).toBeGreaterThanOrEqual(63);
  });

  for (const endpoint of ALL_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path} answers a clear error code, never a 500`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint), (request) =>
          expectClearAnswer(endpoint, request),
        ),
        { numRuns: 40 },
      );
    });

    // A keyset cursor hides an id and a time in text of a shape only the server knows: each
    // one is forged on its own, beside valid fields, more often than the whole-input runs do.
    for (const [part, schema] of [
      ['query', endpoint.query],
      ['body', endpoint.body],
    ] as const) {
      for (const field of fieldsOf(schema).filter((name) => CURSOR_FIELD.test(name))) {
        it(`${endpoint.method} ${endpoint.path} refuses a forged ${field}, never a 500`, async () => {
          const input = inputWithFields(schema!, hints, { [field]: forgedCursors(hints) });
          await fc.assert(
            fc.asyncProperty(input, (value) =>
              expectClearAnswer(endpoint, {
                query: part === 'query' ? value : undefined,
                body: part === 'body' ? value : undefined,
                file: new Uint8Array(),
                asMember: true,
              }),
            ),
            { numRuns: 100 },
          );
        });
      }
    }
  }
});

interface FuzzRequest {
  query: unknown;
  body: unknown;
  file: Uint8Array;
  asMember: boolean;
}

/** Sends one fuzzed request: it must answer below 500, a 4xx with a code of the closed list. */
async function expectClearAnswer(endpoint: Endpoint, { query, body, file, asMember }: FuzzRequest) {
  const client = asMember ? await memberBrowser() : new TestClient(t.app);
  const url = `${endpoint.path}${queryStringOf(query)}`;
  const membersBefore = await countMembers();
  const response = endpoint.upload
    ? await client.upload(
        url,
        multipartForm(body as Record<string, string>, {
          contents: Buffer.from(file),
          fileName: 'photo.jpg',
          contentType: 'image/jpeg',
        }),
      )
    : await client.request(endpoint.method, url, body);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(ERROR_CODES).toContain(response.json().error);
    // A refused signup leaves no half-made account behind.
    expect(await countMembers()).toBe(membersBefore);
  }
}
