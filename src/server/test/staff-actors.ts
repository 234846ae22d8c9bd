import type { StaffRole } from '@contract/staff';
import { type CreatedStaff, createStaff, timeStepOf, totpCode } from '@server/features/staff';
import type { TestApp } from './test-app';
import { TestClient } from './test-client';

export const STAFF_PASSWORD = 'staff password for tests';

let sequence = 0;

/** A staff member made as the CLI makes one; any site scope and languages. */
export async function createTestStaff(
  t: TestApp,
  role: StaffRole,
  options: { sites?: 'all' | number[]; languages?: string[]; name?: string } = {},
): Promise<CreatedStaff> {
  sequence += 1;
  return createStaff(t.database.db, null, {
    email: `staff${sequence}-${Date.now()}@example.com`,
    name: options.name ?? `Staff ${role} ${sequence}`,
    password: STAFF_PASSWORD,
    role,
    sites: options.sites ?? 'all',
    languages: options.languages ?? [],
  });
}

/** The code the staff member's authenticator shows now. */
export const currentCode = (staff: CreatedStaff, at = new Date()) =>
  totpCode(staff.totpSecret, timeStepOf(at));

/**
 * A browser logged in to the console as this staff member. The first login uses the
 * authenticator's code; later ones (a replayed code is refused within its 30 s) use one of
 * the recovery codes, so a test never waits for the clock.
 */
const usedTheirCode = new WeakSet<CreatedStaff>();
export async function staffClient(t: TestApp, staff: CreatedStaff, host = 'localhost') {
  const client = new TestClient(t.app, host);
  const code = usedTheirCode.has(staff) ? staff.recoveryCodes.pop()! : currentCode(staff);
  usedTheirCode.add(staff);
  const response = await client.post('/api/admin/login.php', {
    email: staff.staff.email,
    password: STAFF_PASSWORD,
    code,
  });
  if (response.statusCode !== 200)
    throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  return client;
}
