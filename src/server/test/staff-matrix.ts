import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '@contract/staff';
import type { CreatedStaff } from '@server/features/staff';
import type { MatrixWorld, StaffActor } from './matrix-actors';
import { STAFF_ACTORS } from './matrix-actors';
import { createTestStaff, staffClient } from './staff-actors';
import type { TestClient } from './test-client';

const ROLE_OF: Record<StaffActor, StaffRole> = {
  staff_owner: 'owner',
  staff_admin: 'admin',
  staff_moderator: 'moderator',
  staff_operator: 'operator',
  staff_other_site: 'moderator',
};

export interface StaffWorld {
  staff: Record<StaffActor, CreatedStaff>;
  /** The actor's console browser, logged in again when a row ended its session. */
  clientOf(actor: StaffActor): Promise<TestClient>;
}

/** One staff member per staff actor; the other site's moderator works on a site id not ours. */
export async function createStaffWorld(world: MatrixWorld): Promise<StaffWorld> {
  const { t } = world;
  const staff = {} as Record<StaffActor, CreatedStaff>;
  for (const actor of STAFF_ACTORS)
    staff[actor] = await createTestStaff(t, ROLE_OF[actor], {
      sites: actor === 'staff_other_site' ? [t.siteId + 1] : 'all',
      name: `Matrix ${actor}`,
    });
  const browsers = new Map<StaffActor, TestClient>();
  const clientOf = async (actor: StaffActor) => {
    const known = browsers.get(actor);
    const stillIn = async (client: TestClient) =>
      (await client.get('/api/admin/me.php')).json().error !== 'authentication_required';
    if (known && (await stillIn(known))) return known;
    const client = await staffClient(t, staff[actor]);
    browsers.set(actor, client);
    return client;
  };
  return { staff, clientOf };
}

/**
 * Staff answers may name staff (their e-mail included) but never a member's private data.
 * `birthDates`: a route whose roles may read a member's birth date (the moderators' member
 * card, issue 30 item 5) may carry the key; the actors' own data stays out all the same.
 */
export function expectNoMemberPrivateData(
  world: MatrixWorld,
  response: LightMyRequestResponse,
  { birthDates = false }: { birthDates?: boolean } = {},
) {
  const body = response.body;
  const leaks: string[] = [];
  for (const member of Object.values(world.members)) {
    if (body.includes(member.email)) leaks.push(`e-mail of ${member.name}`);
    if (body.includes(member.date_of_birth)) leaks.push(`birth date of ${member.name}`);
  }
  if (body.includes('$argon2')) leaks.push('a password hash');
  const secretKeys = birthDates
    ? /"(ip|token|token_hash|password|password_hash)"\s*:/i
    : /"(ip|token|token_hash|password|password_hash|date_of_birth)"\s*:/i;
  if (secretKeys.test(body)) leaks.push('a secret key');
  expect(leaks, 'private data in a console answer').toEqual([]);
}
