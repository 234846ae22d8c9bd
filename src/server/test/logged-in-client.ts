import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { MEMBER_PASSWORD } from './factories';
import { TestClient } from './test-client';

/**
 * A new browser logged in as `member` (made by createMember, with its password unless said
 * otherwise). The login must succeed, so a test never goes on as a visitor by mistake.
 */
export async function loggedInClient(
  app: FastifyInstance,
  member: { email: string },
  password = MEMBER_PASSWORD,
) {
  const client = new TestClient(app);
  const login = await client.post('/api/user.php', { email: member.email, password });
  expect(login.statusCode).toBe(200);
  return client;
}
