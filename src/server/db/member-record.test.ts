import { expect, it } from 'vitest';
import { memberValues } from '@server/test/factories';
import type { MemberRow } from './schema';
import { toMember } from './member-record';

it('reads the flags as booleans and carries no balance, not even unseen', () => {
  const row = {
    ...memberValues(1, { credits: 40, paid_user: 1, is_fictional: 0 }),
    id: 7,
  } as unknown as MemberRow;
  const member = toMember(row);
  expect(member.paid_user).toBe(true);
  expect(member.is_fictional).toBe(false);
  // A balance read with the member would go stale within the request: none rides along,
  // even outside the type.
  expect((member as unknown as { credits?: number }).credits).toBeUndefined();
  expect(JSON.stringify(member)).not.toContain('"credits"');
});
