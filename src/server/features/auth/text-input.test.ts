import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '@server/test/factories';
import { type TestApp, createTestApp } from '@server/test/test-app';
import { TestClient } from '@server/test/test-client';

// issue 7 §1.8: a NUL byte made PostgreSQL fail with a 500; text that shows nothing or
// reorders itself was accepted. Both databases now refuse it at the edge with a field code.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('text that is not plain', () => {
  it('is refused at signup with a field error, and nothing is stored', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const answer = await new TestClient(t.app).post('/api/signup.php', {
      email,
      name: 'Ann\u0000a',
      password: 'a long enough passphrase',
      date_of_birth: '1990-01-01',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'validation_failed',
      fields: { name: 'text_invalid_characters' },
    });
    const stored = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('is refused in the profile editor', async () => {
    const member = await createMember(t.database.db, t.siteId);
    const client = new TestClient(t.app);
    await client.post('/api/user.php', { email: member.email, password: 'correct horse battery' });
    const { profile } = (await client.get('/api/profile.php')).json();
    const update = {
      name: profile.name,
      gender: profile.gender,
      seeking: profile.seeking,
      sexuality: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      interests: [],
      country: profile.country,
      region: null,
    };
    for (const [field, value] of [
      ['name', '\u200B\u200B\u200B'],
      ['name', 'Evil\u202Eman'],
      ['about', 'Hello\u0000'],
    ] as const) {
      const answer = await client.put('/api/profile.php', { ...update, about: '', [field]: value });
      expect(answer.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(answer.json().fields[field]).toBe('text_invalid_characters');
    }
  });
});
