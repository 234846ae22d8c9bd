import { expect, it } from 'vitest';
import { memberValues } from '@server/test/factories';
import type { MemberRow } from './schema';
import { toMember } from './member-record';

const rowOf = () =>
  ({
    ...memberValues(1, {
      credits: 40,
      paid_user: 1,
      is_fictional: 0,
      notifications_disabled_json: '["bounce"]',
    }),
    id: 7,
  }) as unknown as MemberRow;

it('reads the flags as booleans, parses the reasons and carries the balance read with it', () => {
  const member = toMember(rowOf());
  expect(member.paid_user).toBe(true);
  expect(member.is_fictional).toBe(false);
  expect(member.notifications_disabled).toEqual(['bounce']);
  // Issue 29 item 20: the balance read with the member is shown from here, not read again.
  expect(member.credits).toBe(40);
  expect(member).not.toHaveProperty('notifications_disabled_json');
});

it('leaves the row as the query returned it (a copy, not the row converted in place)', () => {
  const row = rowOf();
  const before = { ...row };
  const member = toMember(row);
  expect(row).toEqual(before);
  expect(member).not.toBe(row);
});
