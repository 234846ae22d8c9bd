import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Any JSON value in any field: strings of every kind, numbers, nesting, nulls.
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.emailAddress(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const bodyWith = (fields: string[]) =>
  fc.record(Object.fromEntries(fields.map((field) => [field, anyValue])), { requiredKeys: [] });

const ENDPOINTS: Array<{ method: 'POST' | 'PUT'; url: string; fields: string[] }> = [
  {
    method: 'POST',
    url: '/api/signup.php',
    fields: [
      'email',
      'name',
      'password',
      'date_of_birth',
      'signup_message',
      'network',
      'ref',
      'sub1',
      'invite',
    ],
  },
  { method: 'POST', url: '/api/user.php', fields: ['email', 'password'] },
  { method: 'PUT', url: '/api/user.php', fields: ['language'] },
  { method: 'POST', url: '/api/reset-password.php', fields: ['email'] },
  {
    method: 'POST',
    url: '/api/reset-password-do.php',
    fields: ['token', 'password', 'password_confirmation'],
  },
  { method: 'POST', url: '/api/mail-change-do.php', fields: ['token'] },
  { method: 'PUT', url: '/api/email.php', fields: ['new_email', 'password'] },
  {
    method: 'PUT',
    url: '/api/password.php',
    fields: ['current_password', 'password', 'password_confirmation'],
  },
  {
    method: 'POST',
    url: '/api/complete-signup.php',
    fields: ['gender', 'seeking', 'country', 'region'],
  },
];

const countMembers = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('fuzzing every account endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url} answers a clear error code, never a 500, never half an account`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyWith(endpoint.fields), async (body) => {
          const client = new TestClient(t.app);
          const before = await countMembers();
          const response = await client.request(endpoint.method, endpoint.url, body);
          expect(response.statusCode).toBeLessThan(500);
          const answer = response.json();
          if (response.statusCode >= 400) {
            expect(typeof answer.error).toBe('string');
            expect(await countMembers()).toBe(before);
          }
        }),
        { numRuns: 40 },
      );
    });
  }
});
