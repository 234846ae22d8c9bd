import { describe, expect, it } from 'vitest';
import { toE164 } from './e164';

// issue 29 item 3: an SMS provider needs E.164; members type their number as they write it.
describe('toE164', () => {
  it('keeps international numbers and writes national ones with the member’s country code', () => {
    expect(toE164('+31 6 1234 5678', 'DE')).toBe('+31612345678');
    expect(toE164('0049 170 1234567', 'NL')).toBe('+491701234567');
    expect(toE164('06-12345678', 'NL')).toBe('+31612345678');
    expect(toE164('(0170) 123 4567', 'DE')).toBe('+491701234567');
    expect(toE164('0471 23 45 67', 'BE')).toBe('+32471234567');
    // Italy keeps the leading 0 of landlines after +39.
    expect(toE164('06 1234 5678', 'IT')).toBe('+390612345678');
  });

  it('answers null where the number cannot be told', () => {
    expect(toE164('0612345678', null)).toBeNull();
    expect(toE164('0612345678', 'US')).toBeNull();
    expect(toE164('612345678', 'NL')).toBeNull();
    expect(toE164('+0612345678', 'NL')).toBeNull();
    expect(toE164('+3161234567890123', 'NL')).toBeNull();
  });
});
