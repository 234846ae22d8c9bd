import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchingStep, otpauthUrl, totpCode, timeStepOf } from './totp';

// RFC 6238 appendix B, SHA-1: the secret is the ASCII "12345678901234567890"; the RFC's codes
// have 8 digits, ours the last 6 of them.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors', () => {
    for (const [seconds, code] of VECTORS)
      expect(totpCode(RFC_SECRET, timeStepOf(new Date(seconds * 1000)))).toBe(code.slice(-6));
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts a code one step either side of now, not two, and names its step', () => {
    const at = new Date(1_700_000_000_000);
    const step = timeStepOf(at);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step), at)).toBe(step);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + 2), at)).toBeUndefined();
    expect(matchingStep(RFC_SECRET, 'abcdef', at)).toBeUndefined();
  });

  it('writes an otpauth URL an authenticator app reads', () => {
    expect(otpauthUrl('ABC', 'a@b.example', 'Amora')).toBe(
      'otpauth://totp/Amora%3Aa%40b.example?secret=ABC&issuer=Amora&algorithm=SHA1&digits=6&period=30',
    );
  });
});
